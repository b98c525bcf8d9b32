import type { Migration } from "kysely";
import * as core from "./0001_core";
import * as accounts from "./0002_accounts";
import * as publicSite from "./0003_public";
import * as payments from "./0004_payments";
import * as notifications from "./0005_notifications";
import * as nameSearch from "./0006_name_search";
import * as calendarFeeds from "./0013_calendar_feeds";
import * as authLimits from "./0014_auth_limits";
import * as mailSecrets from "./0015_mail_secrets";
import * as paymentCurrency from "./0016_payment_currency";
import * as consents from "./0017_consents";
import * as psychologistReview from "./0018_psychologist_review";
import * as practiceEvents from "./0019_practice_events";
import * as reviewSubmission from "./0020_review_submission";
import * as cancellation from "./0021_cancellation";
import * as reschedule from "./0022_reschedule";
import * as records from "./0023_records";
import * as userBlocking from "./0024_user_blocking";
import * as manualRefunds from "./0025_manual_refunds";
import * as overviewIndexes from "./0026_overview_indexes";
import * as paymentsByPsychologist from "./0027_payments_by_psychologist";
import * as practiceIndexes from "./0028_practice_indexes";
import * as oneSessionPrice from "./0029_one_session_price";
import * as rescheduleAnswers from "./0030_reschedule_answers";
import * as daysOff from "./0031_days_off";

/**
 * Every migration, in order. Listed statically so the server bundle carries
 * them (no directory scan at run time). Append; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  "0001_core": core,
  "0002_accounts": accounts,
  "0003_public": publicSite,
  "0004_payments": payments,
  "0005_notifications": notifications,
  "0006_name_search": nameSearch,
  "0013_calendar_feeds": calendarFeeds,
  "0014_auth_limits": authLimits,
  "0015_mail_secrets": mailSecrets,
  "0016_payment_currency": paymentCurrency,
  "0017_consents": consents,
  "0018_psychologist_review": psychologistReview,
  "0019_practice_events": practiceEvents,
  "0020_review_submission": reviewSubmission,
  "0021_cancellation": cancellation,
  "0022_reschedule": reschedule,
  "0023_records": records,
  "0024_user_blocking": userBlocking,
  "0025_manual_refunds": manualRefunds,
  "0026_overview_indexes": overviewIndexes,
  "0027_payments_by_psychologist": paymentsByPsychologist,
  "0028_practice_indexes": practiceIndexes,
  "0029_one_session_price": oneSessionPrice,
  "0030_reschedule_answers": rescheduleAnswers,
  "0031_days_off": daysOff,
};
