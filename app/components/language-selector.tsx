import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { LANGUAGES } from "~/i18n/config";
import { CheckIcon, GlobeIcon } from "./icons";

/**
 * The eleven languages as buttons of one POST form inside <details>: it opens,
 * chooses and returns to the same page with JavaScript off.
 */
export function LanguageSelector({ locale, currentPath }: { locale: string; currentPath: string }) {
  const { t } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === locale) ?? LANGUAGES[0];
  return (
    <details className="group relative">
      <summary className="btn-ghost cursor-pointer" aria-label={t("language.choose")}>
        <GlobeIcon />
        <span aria-hidden="true">{current.flag}</span>
        <span className="text-xs uppercase">{current.code}</span>
      </summary>
      <Form
        method="post"
        action="/set-locale"
        className="absolute end-0 z-30 mt-2 max-h-96 w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <input type="hidden" name="redirectTo" value={currentPath} />
        <ul role="list">
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="submit"
                name="lng"
                value={language.code}
                lang={language.code}
                dir={"rtl" in language && language.rtl ? "rtl" : "ltr"}
                aria-current={language.code === locale ? "true" : undefined}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <span aria-hidden="true">{language.flag}</span>
                <span className="flex-1">
                  <span className="block font-medium">{language.nativeName}</span>
                  <span className="block text-xs text-slate-500">
                    {language.name} · {language.code}
                  </span>
                </span>
                {language.code === locale ? <CheckIcon className="text-teal-700" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
