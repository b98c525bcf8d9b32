/**
 * The psychologist profile form's fields in the order the form shows them:
 * the server joins its messages in this order, and the page focuses the
 * first wrong one, so both read the same list.
 */
export const PROFILE_FIELD_ORDER = [
  "name",
  "crp",
  "cpf",
  "shortBio",
  "bio",
  "specialties",
  "languages",
  "price",
  "pixKey",
  "university",
  "graduationYear",
  "education",
  "experience",
  "approach",
  "therapeuticApproach",
  "certifications",
  "personalStatement",
] as const;
