import { Form } from "@remix-run/react";
import type { Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { Icon } from "./icons";

/**
 * The eleven languages as buttons of one POST form inside <details>: it opens,
 * chooses and returns to the same page with JavaScript off. The list comes
 * from the root loader (none when it failed: then there is no menu).
 */
export function LanguageSelector({ locale, languages, currentPath }: { locale: string; languages: readonly Language[]; currentPath: string }) {
  const { t } = useTranslation();
  const current = languages.find((language) => language.code === locale) ?? languages[0];
  if (!current) return null;
  return (
    <details className="relative">
      {/* The name begins with the code on the button (WCAG 2.5.3, label in name): 'pt-BR, Escolher idioma'. */}
      <summary className="btn-ghost" aria-label={`${current.code}, ${t("language.choose")}`}>
        <Icon name="globe" />
        <span aria-hidden="true">{current.flag}</span>
        <span className="text-xs uppercase">{current.code}</span>
      </summary>
      <Form method="post" action="/set-locale" className="language-panel">
        <input type="hidden" name="redirectTo" value={currentPath} />
        <ul role="list">
          {languages.map((language) => (
            <li key={language.code}>
              <button
                type="submit"
                name="lng"
                value={language.code}
                lang={language.code}
                dir={language.rtl ? "rtl" : "ltr"}
                aria-current={language.code === locale ? "true" : undefined}
                className="menu-item"
              >
                <span aria-hidden="true">{language.flag}</span>
                <span className="language-name">
                  <span>{language.nativeName}</span>
                  <small>
                    {language.name} · {language.code}
                  </small>
                </span>
                {language.code === locale ? <Icon name="check" className="text-teal-700" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
