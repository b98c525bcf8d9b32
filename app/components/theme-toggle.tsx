import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { Icon } from "./icons";

/** One button that posts the other theme; the server sets the cookie and sends the visitor back. */
export function ThemeToggle({ theme, currentPath }: { theme: "light" | "dark"; currentPath: string }) {
  const { t } = useTranslation();
  const next = theme === "dark" ? "light" : "dark";
  const label = t(next === "dark" ? "theme.toDark" : "theme.toLight");
  return (
    <Form method="post" action="/set-theme">
      <input type="hidden" name="redirectTo" value={currentPath} />
      <button type="submit" name="theme" value={next} className="btn-ghost" aria-label={label} title={label}>
        <Icon name={next === "dark" ? "moon" : "sun"} />
      </button>
    </Form>
  );
}
