/**
 * The fixed lists psychologists choose from (spec 02, section 3). Stored as
 * stable codes; labels come from the `catalog` translations, so a profile
 * reads in the visitor's language and filters never depend on spelling.
 */

/** The spec names 30 specialties and prints a few; the rest completes the usual Brazilian practice. */
export const SPECIALTIES = [
  "cognitive-behavioral-therapy",
  "psychoanalysis",
  "neuropsychology",
  "emdr",
  "mindfulness",
  "anxiety",
  "depression",
  "couples-therapy",
  "family-therapy",
  "child-psychology",
  "adolescents",
  "grief",
  "trauma-ptsd",
  "adhd",
  "autism",
  "eating-disorders",
  "substance-use",
  "relationships",
  "self-esteem",
  "stress-burnout",
  "career-guidance",
  "sexuality",
  "lgbtqia",
  "organizational-psychology",
  "gestalt-therapy",
  "person-centered-therapy",
  "behavior-analysis",
  "sport-psychology",
  "health-psychology",
  "ocd",
] as const;

export type Specialty = (typeof SPECIALTIES)[number];

/** The spec's 15 consultation languages, as ISO 639-1 codes. */
export const CONSULTATION_LANGUAGES = ["pt", "en", "es", "fr", "it", "de", "zh", "ja", "ru", "ar", "hi", "ko", "nl", "sv", "no"] as const;

export type ConsultationLanguage = (typeof CONSULTATION_LANGUAGES)[number];

export const MAX_SPECIALTIES = 5;
export const MAX_LANGUAGES = 6;

export function isSpecialty(value: string): value is Specialty {
  return (SPECIALTIES as readonly string[]).includes(value);
}

export function isConsultationLanguage(value: string): value is ConsultationLanguage {
  return (CONSULTATION_LANGUAGES as readonly string[]).includes(value);
}
