/** Who someone is on the platform (spec 01, section 6). Admin is never chosen at sign-up. */
export type Role = "patient" | "psychologist" | "admin";

/** Each role's dashboard: the redirect after sign-in and the nav's dashboard link. */
export const DASHBOARD_BY_ROLE: Record<Role, string> = {
  admin: "/admin",
  psychologist: "/psychologist-dashboard",
  patient: "/patient-dashboard",
};

/** The nav's 'Meu Perfil' link. */
export const PROFILE_BY_ROLE: Record<Role, string> = {
  admin: "/settings",
  psychologist: "/psychologist-profile",
  patient: "/patient-profile",
};
