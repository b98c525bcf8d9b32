/** The administrator's people filters (/admin/users): shared by the page (its selects) and the server (its schema). */
export const ROLES = ["patient", "psychologist", "admin"] as const;
export const STATES = ["active", "blocked", "deleted"] as const;
