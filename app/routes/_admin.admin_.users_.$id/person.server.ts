import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { cancellationRefusal } from "~/domain/cancellation";
import { maskCpf } from "~/domain/cpf";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { accountRole, personForAdmin, personUpcoming } from "~/models/admin-people.server";
import { blockAccount, endSessions, unblockAccount } from "~/services/admin-people.server";
import { cancelAppointment } from "~/services/cancellation.server";
import { pageMeta } from "~/services/page-meta.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { env } from "~/utils/env.server";
import { adminWhen, adminZone } from "~/services/admin-time.server";
import { formatMoney } from "~/utils/format";

/** /admin/users/{id}: one person's account, appointments, payments, consents and sessions (never clinical notes), and what the admin can do to the account. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The consultations an administrator may still cancel (not begun, not ended): a blocked account's are listed to be cancelled with everything back. */
function cancellableOf<T extends { status: Parameters<typeof cancellationRefusal>[0]["status"]; startsAt: Date }>(appointments: T[], now: Date): T[] {
  return appointments.filter((row) => cancellationRefusal(row, "admin", now) === null);
}

export async function personPageData(request: Request, admin: SessionUser, id: string | undefined, now = new Date()) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-people"]);
  const found = id && UUID.test(id) ? await personForAdmin(id, env().ADMIN_EMAILS, now) : null;
  if (!found) throw new Response(t("errors.notFound"), { status: 404 });
  await audit({ actor: { userId: admin.id, role: "admin" }, action: "user.read", subject: { type: "user", id: found.account.id } });
  const { account } = found;
  const when = adminWhen(locale);
  return {
    translations,
    meta: await pageMeta(request, { title: account.email, noindex: true }),
    zone: adminZone(locale),
    self: account.id === admin.id,
    account: {
      id: account.id,
      email: account.email,
      name: [account.firstName, account.lastName].filter(Boolean).join(" ") || "—",
      phone: account.phone,
      // The administrator recognises a CPF by its middle digits; the whole number stays with its owner.
      cpf: account.cpf ? maskCpf(account.cpf) : null,
      role: account.role,
      createdAt: when(account.createdAt),
      verified: account.emailVerifiedAt !== null,
      google: account.google,
      deletedAt: when(account.deletedAt),
      blocked: account.blockedAt ? { at: when(account.blockedAt), reason: account.blockedReason, by: account.blockedBy } : null,
      psychologistId: account.psychologistId,
      psychologistStatus: account.psychologistStatus,
    },
    appointments: found.appointments.map((row) => ({ ...row, startsAt: when(row.startsAt), price: formatMoney(row.priceCents, locale) })),
    appointmentsCapped: found.appointmentsCapped,
    upcoming: cancellableOf(found.upcoming, now).map((row) => ({ id: row.id, startsAt: when(row.startsAt), psychologistName: row.psychologistName, patientName: row.patientName, price: formatMoney(row.priceCents, locale), paid: row.paymentStatus === "paid" })),
    payments: found.payments.map((row) => ({ ...row, createdAt: when(row.createdAt), amount: formatMoney(row.amountCents, locale), refunded: row.refundedCents > 0 ? formatMoney(row.refundedCents, locale) : null })),
    paymentsCapped: found.paymentsCapped,
    consents: found.consents.map((row) => ({ ...row, at: when(row.at) })),
    sessions: found.sessions.map((row) => ({ createdAt: when(row.createdAt), expiresAt: when(row.expiresAt), userAgent: row.userAgent })),
  };
}

function actionSchema(t: TFunction) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("revoke-sessions") }),
    z.object({ intent: z.literal("unblock") }),
    z.object({
      intent: z.literal("cancel-appointments"),
      appointmentId: z.array(z.string().uuid(), { required_error: t("errors.pickAppointment") }).min(1, t("errors.pickAppointment")),
      reason: z
        .string({ required_error: t("errors.reasonRequired") })
        .trim()
        .min(3, t("errors.reasonRequired"))
        .max(500, t("errors.reasonTooLong")),
    }),
    z.object({
      intent: z.literal("block"),
      reason: z
        .string({ required_error: t("errors.reasonRequired") })
        .trim()
        .min(3, t("errors.reasonRequired"))
        .max(500, t("errors.reasonTooLong")),
    }),
  ]);
}

export async function personAction(request: Request, admin: SessionUser, id: string | undefined) {
  const { t } = await pageTranslations(request, ["admin-people"]);
  // Nobody with that id: a 404 as the page gives, never a success (or an audit row) about an account that does not exist.
  const role = id && UUID.test(id) ? await accountRole(id, env().ADMIN_EMAILS) : null;
  if (!id || !role) throw new Response(t("errors.notFound"), { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: actionSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const back = `/admin/users/${id}`;
  switch (submission.value.intent) {
    case "revoke-sessions": {
      const ended = await endSessions(admin.id, id);
      return redirectWithToast(back, { type: "success", title: t("done.sessions", { count: ended }) });
    }
    case "block":
      if (id === admin.id) return data(submission.reply({ formErrors: [t("errors.self")] }), { status: 409 });
      // An administrator is one by ADMIN_EMAILS; blocking one would lock out who runs the platform: refused, nothing written.
      if (role === "admin") return data(submission.reply({ formErrors: [t("errors.adminAccount")] }), { status: 403 });
      if (!(await blockAccount({ adminId: admin.id, userId: id, reason: submission.value.reason }))) return data(submission.reply({ formErrors: [t("errors.notChanged")] }), { status: 409 });
      return redirectWithToast(back, { type: "success", title: t("done.blocked") });
    case "cancel-appointments": {
      // Only this person's consultations, and only those still ahead: an id from the form alone reaches nothing else.
      const now = new Date();
      const theirs = new Set(cancellableOf(await personUpcoming(id, now), now).map((row) => row.id));
      let cancelled = 0;
      for (const appointmentId of submission.value.appointmentId) {
        if (!theirs.has(appointmentId)) continue;
        const result = await cancelAppointment({ appointmentId, asker: { role: "admin", userId: admin.id }, reason: submission.value.reason, exception: null });
        if (result.ok) cancelled += 1;
      }
      if (cancelled === 0) return data(submission.reply({ formErrors: [t("errors.nothingCancelled")] }), { status: 409 });
      return redirectWithToast(back, { type: "success", title: t("done.cancelled", { count: cancelled }) });
    }
    case "unblock":
      if (!(await unblockAccount(admin.id, id))) return data(submission.reply({ formErrors: [t("errors.notChanged")] }), { status: 409 });
      return redirectWithToast(back, { type: "success", title: t("done.unblocked") });
  }
}
