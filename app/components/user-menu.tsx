import { Form, Link } from "@remix-run/react";
import { DASHBOARD_BY_ROLE, PROFILE_BY_ROLE, type Role } from "~/domain/roles";
import { useTranslation } from "~/i18n/use-translation";

/** What the navigation shows of the signed-in person. */
export interface NavUser {
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  role: Role;
}

/** The spec's avatar fallback: initials of first and last name, else 'U'. */
export function initials(user: Pick<NavUser, "firstName" | "lastName">): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return letters || "U";
}

const DASHBOARD_LABEL: Record<Role, string> = {
  admin: "nav.adminDashboard",
  psychologist: "nav.psychologistDashboard",
  patient: "nav.patientDashboard",
};

export function UserMenu({ user }: { user: NavUser }) {
  const { t } = useTranslation();

  return (
    <details className="relative">
      <summary className="btn-ghost cursor-pointer">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-teal-100 text-xs font-bold text-teal-900">
            {initials(user)}
          </span>
        )}
        <span className="max-w-[10rem] truncate">{user.firstName || user.email}</span>
      </summary>
      <div className="absolute end-0 z-30 mt-2 flex w-56 flex-col rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <Link to={DASHBOARD_BY_ROLE[user.role]} className="rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          {t(DASHBOARD_LABEL[user.role])}
        </Link>
        <Link to={PROFILE_BY_ROLE[user.role]} className="rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          {t("nav.myProfile")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
