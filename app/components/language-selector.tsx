import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { LANGUAGES } from "~/i18n/config";
import { Icon } from "./icons";

/**
 * The eleven languages as buttons of one POST form inside <details>: it opens,
 * chooses and returns to the same page with JavaScript off.
 */
export function LanguageSelector({ locale, currentPath }: { locale: string; currentPath: string }) {
  const { t } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === locale) ?? LANGUAGES[0];
  return (
    <details className="relative">
      <summary className="btn-ghost" aria-label={t("language.choose")}>
        <Icon name="globe" />
        <span aria-hidden="true">{current.flag}</span>
        <span className="text-xs uppercase">{current.code}</span>
      </summary>
      <Form method="post" action="/set-locale" className="language-panel">
        <input type="hidden" name="redirectTo" value={currentPath} />
        <ul role="list">
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="submit"
                name="lng"
                value={language.code}
                lang={language.code}
                dir={"rtl" in language ? "rtl" : "ltr"}
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
