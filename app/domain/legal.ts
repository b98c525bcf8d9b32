/**
 * The versions of the documents people agree to: the date each took effect
 * (the 'Última atualização' of /terms and /privacy). A consent is recorded
 * with the version it was given to; a new version is a new date here.
 */
export const TERMS_VERSION = "2026-11-22";
export const PRIVACY_VERSION = "2026-11-24";
