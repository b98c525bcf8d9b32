import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database as Kysely sees it. Written by hand beside the migrations:
 * change both together. `date` and `time` columns come back as strings
 * ('2026-11-22', '09:30:00'); see app/models/db.server.ts.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
// Updatable only so tests and maintenance can backdate rows; the app never sets it.
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type UpdatedAt = ColumnType<Date, never, Date | string | undefined>;

export type PsychologistStatus = "pending" | "approved" | "rejected" | "suspended";
export type AppointmentStatus =
  | "pending_payment"
  | "pending"
  | "scheduled"
  | "confirmed"
  | "pending_reschedule"
  | "completed"
  | "cancelled"
  | "no_show";
export type PaymentStatus = "pending" | "paid" | "failed" | "refunded";
export type CancelledBy = "patient" | "psychologist" | "system" | "admin";

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  email_verified_at: Timestamp | null;
  google_sub: string | null;
  deleted_at: Timestamp | null;
  /** Set by an administrator: no sign-in, no session. */
  blocked_at: Timestamp | null;
  blocked_reason: string | null;
  blocked_by: string | null;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  user_agent: string | null;
  created_at: CreatedAt & Generated<Date>;
}

export interface ProfilesTable {
  id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: string | null;
  cpf: string | null;
  avatar_url: string | null;
  time_zone: string | null;
  locale: string | null;
  email_notifications: Generated<boolean>;
  sms_notifications: Generated<boolean>;
  appointment_reminders: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export interface PsychologistsTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string | null;
  crp: string | null;
  photo_url: string | null;
  bio: Generated<string>;
  short_bio: Generated<string>;
  specialties: Generated<string[]>;
  languages: Generated<string[]>;
  price_cents: Generated<number>;
  education: Generated<string>;
  experience: Generated<string>;
  approach: Generated<string>;
  therapeutic_approach: Generated<string>;
  certifications: Generated<string>;
  personal_statement: Generated<string>;
  university: Generated<string>;
  graduation_year: number | null;
  documents: Generated<unknown>;
  status: Generated<PsychologistStatus>;
  is_approved: Generated<boolean>;
  featured_in_carousel: Generated<boolean>;
  terms_accepted: Generated<boolean>;
  pix_key: string | null;
  time_zone: Generated<string>;
  rating_sum: Generated<number>;
  total_reviews: Generated<number>;
  /** Average of published and unpublished evaluations; null without any. */
  rating: ColumnType<number | null, never, never>;
  approved_at: Timestamp | null;
  /** The admin's reason for the current status (rejected, suspended). */
  status_reason: string | null;
  status_changed_at: Timestamp | null;
  status_changed_by: string | null;
  /** When the psychologist sent a complete profile for review; null until then. */
  submitted_for_review_at: Timestamp | null;
  /** Eleven digits; for receipts and the fiscal report, never shown publicly. */
  cpf: string | null;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export interface PsychologistAvailabilityTable {
  id: Generated<string>;
  psychologist_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  is_recurring: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
}

export interface PsychologistScheduleTable {
  id: Generated<string>;
  psychologist_id: string;
  date: string;
  start_time: string;
  end_time: string;
  is_active: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
}

/** A calendar day (practice's zone) on which the weekly pattern does not count (ADR 031). */
export interface PsychologistDaysOffTable {
  psychologist_id: string;
  day: string;
  created_at: CreatedAt & Generated<Date>;
}

export interface PsychologistPricingTable {
  id: Generated<string>;
  psychologist_id: string;
  price_30_cents: number;
  price_60_cents: number;
  currency: Generated<string>;
  is_active: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export interface AppointmentsTable {
  id: Generated<string>;
  patient_id: string;
  psychologist_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  duration_minutes: number;
  status: Generated<AppointmentStatus>;
  payment_status: Generated<PaymentStatus>;
  payment_method: string | null;
  price_cents: number;
  currency: Generated<string>;
  hold_expires_at: Timestamp | null;
  video_room_name: string | null;
  video_room_url: string | null;
  notes: string | null;
  cancellation_reason: string | null;
  cancelled_by: CancelledBy | null;
  cancelled_at: Timestamp | null;
  reschedule_count: Generated<number>;
  checkout_id: string | null;
  checkout_url: string | null;
  /** The policy versions the booking was made under; null: the spec's defaults. */
  cancellation_policy_id: string | null;
  reschedule_policy_id: string | null;
  cancellation_exception: CancellationException | null;
  /** What a cancellation gives back, and where that refund stands. */
  refund_cents: number | null;
  refund_status: "pending" | "refunded" | "failed" | null;
  /** While a reschedule request waits: the proposed slot (held too) and the status to return to. */
  proposed_starts_at: Timestamp | null;
  proposed_ends_at: Timestamp | null;
  status_before_reschedule: AppointmentStatus | null;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export type AuthTokenPurpose = "email_verification" | "password_reset";
/** The consents a person manages in the settings. */
export type SettingsConsentKind = "marketing" | "cookies" | "data_processing" | "third_parties";
/** Every consent the log records: the settings' ones, the terms at sign-up, health data at the first booking. */
export type ConsentKind = SettingsConsentKind | "terms" | "health_data";
export type MailStatus = "pending" | "sent" | "failed";

export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt & Generated<Date>;
}

export interface ConsentLogTable {
  id: Generated<number>;
  user_id: string;
  consent: ConsentKind;
  granted: boolean;
  /** The version (date) of the document agreed to, for the terms and health data. */
  version: string | null;
  created_at: CreatedAt & Generated<Date>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64 content. */
  content: string;
}

export interface MailOutboxTable {
  id: Generated<string>;
  user_id: string | null;
  to_email: string;
  template: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  transport: string | null;
  /** The message's one-time link token, sealed; null once sent or expired. */
  secret: string | null;
  secret_expires_at: Timestamp | null;
  created_at: CreatedAt & Generated<Date>;
  sent_at: Timestamp | null;
}

export interface EvaluationsTable {
  id: Generated<string>;
  appointment_id: string;
  psychologist_id: string;
  patient_id: string | null;
  rating: number;
  comment: Generated<string>;
  is_anonymous: Generated<boolean>;
  publish_consent: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
}

export type SharePlatform = "facebook" | "twitter" | "linkedin" | "copy_link";

export interface ShareEventsTable {
  id: Generated<number>;
  psychologist_id: string;
  platform: SharePlatform;
  created_at: CreatedAt & Generated<Date>;
}

export type AnalyticsEventName = "carousel_impression" | "carousel_click";
export type DeviceClass = "mobile" | "tablet" | "desktop" | "bot" | "other";

export interface AnalyticsEventsTable {
  id: Generated<number>;
  event: AnalyticsEventName;
  occurred_at: Timestamp;
  psychologist_count: number | null;
  psychologist_ids: string[] | null;
  psychologist_id: string | null;
  action: string | null;
  device: DeviceClass | null;
  created_at: CreatedAt & Generated<Date>;
}

export interface RateLimitHitsTable {
  key_hash: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface PsychologistStatusHistoryTable {
  id: Generated<number>;
  psychologist_id: string;
  from_status: PsychologistStatus;
  to_status: PsychologistStatus;
  reason: string | null;
  changed_by: string | null;
  created_at: CreatedAt & Generated<Date>;
}

export type CancellationException = "medical_emergency" | "technical_issues" | "weather_conditions";

interface PolicyExceptions {
  medical_emergency: boolean;
  technical_issues: boolean;
  weather_conditions: boolean;
}

export interface CancellationPoliciesTable extends PolicyExceptions {
  id: Generated<string>;
  psychologist_id: string;
  no_fee_threshold_hours: number;
  partial_refund_threshold_hours: number;
  partial_refund_percent: number;
  is_active: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
}

export interface ReschedulePoliciesTable extends PolicyExceptions {
  id: Generated<string>;
  psychologist_id: string;
  max_reschedules: number;
  min_hours_before: number;
  is_active: Generated<boolean>;
  created_at: CreatedAt & Generated<Date>;
}

export type PracticeNotificationKind = "booking_paid" | "cancellation" | "payment_failed" | "evaluation" | "reschedule_requested" | "reschedule_accepted" | "reschedule_rejected" | "record_requested";

export type RescheduleRequestStatus = "pending" | "confirmed" | "rejected" | "expired" | "cancelled";

export interface RescheduleRequestsTable {
  id: Generated<string>;
  appointment_id: string;
  requested_by: "patient" | "psychologist";
  reason: string;
  original_starts_at: Timestamp;
  proposed_starts_at: Timestamp;
  status: Generated<RescheduleRequestStatus>;
  response_reason: string | null;
  responded_at: Timestamp | null;
  created_at: CreatedAt & Generated<Date>;
}

export interface PracticeNotificationsTable {
  id: Generated<number>;
  psychologist_id: string;
  kind: PracticeNotificationKind;
  /** Exactly one of the two: the consultation it is about, or the record request. */
  appointment_id: string | null;
  record_request_id: string | null;
  created_at: CreatedAt & Generated<Date>;
  read_at: Timestamp | null;
}

/** Written by the appointments_history trigger only. */
export interface AppointmentHistoryTable {
  id: Generated<number>;
  appointment_id: string;
  action: "created" | "status" | "room_created" | "moved";
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus | null;
  starts_at: Timestamp;
  created_at: CreatedAt & Generated<Date>;
}

export interface CalendarFeedsTable {
  id: Generated<string>;
  psychologist_id: string;
  token_hash: string;
  created_at: CreatedAt & Generated<Date>;
  revoked_at: Timestamp | null;
}

export interface PaymentsTable {
  id: Generated<string>;
  appointment_id: string;
  /** The appointment's psychologist, written by a trigger on insert (migration 0027). */
  psychologist_id: Generated<string>;
  provider: "mercadopago" | "local";
  provider_payment_id: string;
  status: string;
  status_detail: string | null;
  method: string | null;
  amount_cents: number;
  /** ISO 4217, as the provider reported it. */
  currency: string;
  approved_at: Timestamp | null;
  refunded_cents: Generated<number>;
  refund_id: string | null;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export interface PaymentStatusHistoryTable {
  id: Generated<number>;
  payment_id: string;
  status: string;
  status_detail: string | null;
  recorded_at: CreatedAt & Generated<Date>;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  request_id: string;
  topic: string;
  resource_id: string;
  received_at: CreatedAt & Generated<Date>;
  processed_at: Timestamp | null;
}

export interface LocalGatewayPaymentsTable {
  id: string;
  payment: ColumnType<unknown, string, string>;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

export type AppointmentNoticeKind =
  | "confirmation"
  | "reminder_24h"
  | "reminder_1h"
  | "reschedule"
  | "cancellation"
  | "payment_pending"
  | "payment_failed";

export interface AppointmentNoticesTable {
  appointment_id: string;
  notice: AppointmentNoticeKind;
  starts_at: Timestamp;
  created_at: CreatedAt & Generated<Date>;
}

/** Append-only (a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  actor_role: string;
  action: string;
  subject_type: string;
  subject_id: string;
  patient_id: string | null;
  request_id: string | null;
  /** HMAC of the client's address (app/utils/ip-hash.server.ts): the same address, not which. */
  ip_hash: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt & Generated<Date>;
}

export type ManualRefundStatus = "pending" | "refunded" | "failed";

/** A refund an administrator made of a payment; its id is the gateway's idempotency key. */
export interface ManualRefundsTable {
  id: Generated<string>;
  payment_id: string;
  appointment_id: string;
  requested_by: string | null;
  request_key: string;
  cents: number;
  reason: string;
  status: Generated<ManualRefundStatus>;
  provider_refund_id: string | null;
  error: string | null;
  created_at: CreatedAt & Generated<Date>;
  attempted_at: Generated<Date>;
  completed_at: Date | null;
}

/** The current version of a consultation's note, sealed with AES-256-GCM under `key_id`. */
export interface ClinicalNotesTable {
  id: Generated<string>;
  appointment_id: string;
  psychologist_id: string;
  patient_id: string;
  version: Generated<number>;
  key_id: string;
  nonce: Buffer;
  ciphertext: Buffer;
  retain_until: Timestamp;
  created_at: CreatedAt & Generated<Date>;
  updated_at: UpdatedAt & Generated<Date>;
}

/** Every saved text of a note, the current one included. */
export interface ClinicalNoteVersionsTable {
  note_id: string;
  version: number;
  key_id: string;
  nonce: Buffer;
  ciphertext: Buffer;
  written_by: string;
  created_at: CreatedAt & Generated<Date>;
}

export interface RecordRequestsTable {
  id: Generated<string>;
  patient_id: string;
  psychologist_id: string;
  status: Generated<"pending" | "released">;
  requested_at: CreatedAt & Generated<Date>;
  released_at: Timestamp | null;
  released_by: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  psychologists: PsychologistsTable;
  psychologist_availability: PsychologistAvailabilityTable;
  psychologist_schedule: PsychologistScheduleTable;
  psychologist_days_off: PsychologistDaysOffTable;
  psychologist_pricing: PsychologistPricingTable;
  appointments: AppointmentsTable;
  auth_tokens: AuthTokensTable;
  consent_log: ConsentLogTable;
  mail_outbox: MailOutboxTable;
  evaluations: EvaluationsTable;
  share_events: ShareEventsTable;
  analytics_events: AnalyticsEventsTable;
  rate_limit_hits: RateLimitHitsTable;
  payments: PaymentsTable;
  payment_status_history: PaymentStatusHistoryTable;
  payment_notifications: PaymentNotificationsTable;
  local_gateway_payments: LocalGatewayPaymentsTable;
  appointment_notices: AppointmentNoticesTable;
  calendar_feeds: CalendarFeedsTable;
  psychologist_status_history: PsychologistStatusHistoryTable;
  practice_notifications: PracticeNotificationsTable;
  appointment_history: AppointmentHistoryTable;
  cancellation_policies: CancellationPoliciesTable;
  reschedule_policies: ReschedulePoliciesTable;
  reschedule_requests: RescheduleRequestsTable;
  audit_log: AuditLogTable;
  clinical_notes: ClinicalNotesTable;
  clinical_note_versions: ClinicalNoteVersionsTable;
  record_requests: RecordRequestsTable;
  manual_refunds: ManualRefundsTable;
}

export type User = Selectable<UsersTable>;
export type Profile = Selectable<ProfilesTable>;
export type Psychologist = Selectable<PsychologistsTable>;
export type NewPsychologist = Insertable<PsychologistsTable>;
export type PsychologistUpdate = Updateable<PsychologistsTable>;
export type Appointment = Selectable<AppointmentsTable>;
