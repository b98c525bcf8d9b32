import { Form, Link } from "@remix-run/react";
import { DASHBOARD_BY_ROLE, PROFILE_BY_ROLE, type Role } from "~/domain/roles";
import type { TFunction } from "~/i18n/translate";
import { photoSources } from "~/domain/image";
import { initialsOf } from "~/utils/initials";

/** What the navigation shows of the signed-in person. */
export interface NavUser {
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  role: Role;
}

/** The spec's avatar fallback: initials of first and last name (the app's one rule, ~/utils/initials), else 'U'. */
export function initials(user: Pick<NavUser, "firstName" | "lastName">): string {
  return initialsOf(`${user.firstName} ${user.lastName}`, "U");
}

const DASHBOARD_LABEL: Record<Role, string> = {
  admin: "nav.adminDashboard",
  psychologist: "nav.psychologistDashboard",
  patient: "nav.patientDashboard",
};

/**
 * The signed-in person's menu. The header passes its `t`: this module is
 * loaded on demand (see site-header.tsx) and needs nothing else of the app.
 */
export function UserMenu({ user, t }: { user: NavUser; t: TFunction }) {
  return (
    <details className="relative">
      <summary className="btn-ghost">
        {user.avatarUrl ? (
          <img {...photoSources(user.avatarUrl, 32)} alt="" width={32} height={32} className="avatar" />
        ) : (
          <span className="avatar">{initials(user)}</span>
        )}
        <span className="user-name">{user.firstName || user.email}</span>
      </summary>
      <div className="user-panel">
        <Link to={DASHBOARD_BY_ROLE[user.role]} className="menu-item">
          {t(DASHBOARD_LABEL[user.role])}
        </Link>
        <Link to={PROFILE_BY_ROLE[user.role]} className="menu-item">
          {t("nav.myProfile")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="menu-item">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
