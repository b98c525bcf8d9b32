import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUser, signedIn } from "#tests/helpers/factories";
import { getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";

/**
 * Who may open each route. Every route module must be listed here, so a new
 * page cannot ship without deciding who sees it: protected ones are then
 * checked against anonymous visitors and every wrong role.
 */
type Role = "patient" | "psychologist" | "admin";
interface Guarded {
  path: string;
  roles: Role[];
  /** The route's URL parameters, as Remix would pass them for `path`. */
  params?: Record<string, string>;
  /** The route also has an action, checked the same way. */
  action?: boolean;
  /** Booking pages send visitors to /login with the booking message. */
  reason?: "booking";
  /**
   * A route whose answer to a role with no data of its own is a redirect by design (a role
   * router, a payment page without a payment): the exact place, so a redirect to /login never passes.
   */
  opensAs?: Partial<Record<Role, { status: number; location?: string }>>;
}

const PUBLIC = new Set([
  "$.tsx",
  "_public._index.tsx",
  "_public.how-it-works.tsx",
  "_public.privacy.tsx",
  "_public.terms.tsx",
  "_public.psychologists.tsx",
  "_public.psychologists.$id.tsx",
  "_public.psychologist.$id.tsx",
  "_public.psychologist-details.$id.tsx",
  "_resources.share.$id.ts",
  "_resources.api.analytics.events.ts",
  // Booking steps 1–2 are open to visitors; step 3 asks for the login. The webhook checks its signature.
  "_public.schedule._index.tsx",
  "_public.schedule.step1.tsx",
  "_public.schedule.step2.tsx",
  "_resources.webhooks.mercadopago.ts",
  // The calendar subscription's token is its credential (tests/integration/calendar-feed.test.ts).
  "_resources.calendar.$file.ts",
  "_auth.auth.google.callback.ts",
  "_auth.auth.google.ts",
  "_auth.forgot-password.tsx",
  "_auth.login/route.tsx",
  "_auth.logout.ts",
  "_auth.psychologist-register.tsx",
  "_auth.register.tsx",
  "_auth.reset-password.tsx",
  "_auth.verify-email.tsx",
  "_resources.healthz.ts",
  "_resources.readyz.ts",
  "_resources.robots[.]txt.ts",
  // The service worker's offline page reads nothing but the language (tests/integration/offline-page.test.ts).
  "_resources.offline.tsx",
  "_resources.set-locale.ts",
  "_resources.set-theme.ts",
  "_resources.sitemap[.]xml.ts",
  "_resources.uploads.$.ts",
  // Development tools: 404 outside development (tests/integration/request-handler.test.ts).
  "_dev.dev.outbox.$id.ts",
  "_dev.dev.outbox._index.tsx",
  // The local checkout also requires the appointment's own patient (tests/integration/booking-payment.test.ts).
  "_dev.dev.checkout.$appointmentId.tsx",
]);

const ALL: Role[] = ["patient", "psychologist", "admin"];

const GUARDED: Record<string, Guarded> = {
  "_account.dashboard.ts": { path: "/dashboard", roles: ALL, opensAs: { patient: { status: 302, location: "/patient-dashboard" }, psychologist: { status: 302, location: "/psychologist-dashboard" }, admin: { status: 302, location: "/admin" } } },
  "_account.settings/route.tsx": { path: "/settings", roles: ALL, action: true },
  "_account.settings_.export.ts": { path: "/settings/export", roles: ALL },
  // Someone else's appointment is a 404 (tests/integration/cancellation.test.ts): here an id nobody has.
  "_account.appointment.$id.cancel/route.tsx": {
    path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/cancel",
    params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" },
    roles: ["patient", "psychologist"],
    action: true,
    opensAs: { patient: { status: 404 }, psychologist: { status: 404 } },
  },
  "_account.appointment.$id.reschedule/route.tsx": {
    path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/reschedule",
    params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" },
    roles: ["patient", "psychologist"],
    action: true,
    opensAs: { patient: { status: 404 }, psychologist: { status: 404 } },
  },
  "_patient.patient-profile.tsx": { path: "/patient-profile", roles: ["patient"], action: true },
  "_patient.patient.profile.tsx": { path: "/patient/profile", roles: ["patient"], action: true },
  "_patient.patient-dashboard.tsx": { path: "/patient-dashboard", roles: ["patient"] },
  "_psychologist.psychologist-dashboard/route.tsx": { path: "/psychologist-dashboard", roles: ["psychologist"] },
  "_psychologist.psychologist-dashboard._index/route.tsx": { path: "/psychologist-dashboard", roles: ["psychologist"], action: true },
  "_psychologist.psychologist-dashboard.pricing/route.tsx": { path: "/psychologist-dashboard/pricing", roles: ["psychologist"], action: true },
  "_psychologist.psychologist-dashboard.agenda/route.tsx": { path: "/psychologist-dashboard/agenda", roles: ["psychologist"], action: true },
  "_psychologist.psychologist-dashboard.appointments/route.tsx": { path: "/psychologist-dashboard/appointments", roles: ["psychologist"], action: true },
  "_psychologist.psychologist-dashboard.patients/route.tsx": { path: "/psychologist-dashboard/patients", roles: ["psychologist"] },
  // Someone who never had an appointment with this psychologist is a 404 (tests/integration/practice-patients.test.ts): here an id nobody has.
  "_psychologist.psychologist-dashboard.patients_.$patientId/route.tsx": { path: "/psychologist-dashboard/patients/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { patientId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["psychologist"], opensAs: { psychologist: { status: 404 } } },
  "_psychologist.psychologist-dashboard.health/route.tsx": { path: "/psychologist-dashboard/health", roles: ["psychologist"], action: true },
  "_psychologist.psychologist-dashboard.evaluations/route.tsx": { path: "/psychologist-dashboard/evaluations", roles: ["psychologist"] },
  "_psychologist.psychologist-dashboard_.evaluations.export.ts": { path: "/psychologist-dashboard/evaluations/export", roles: ["psychologist"] },
  "_psychologist.psychologist-dashboard.billing/route.tsx": { path: "/psychologist-dashboard/billing", roles: ["psychologist"] },
  "_psychologist.psychologist-dashboard_.billing.export.ts": { path: "/psychologist-dashboard/billing/export", roles: ["psychologist"] },
  // Any consultation id: someone else's is a 404 (tests/integration/practice-consultations.test.ts), so it opens for its role only with one of its own.
  "_psychologist.psychologist-dashboard.appointments_.$id/route.tsx": { path: "/psychologist-dashboard/appointments/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["psychologist"], action: true, opensAs: { psychologist: { status: 404 } } },
  "_psychologist.psychologist-dashboard.records/route.tsx": { path: "/psychologist-dashboard/records", roles: ["psychologist"], action: true },
  // Someone else's consultation (or a note nobody wrote) is a 404 (tests/integration/clinical-notes.test.ts).
  "_psychologist.psychologist-dashboard.records_.$appointmentId/route.tsx": { path: "/psychologist-dashboard/records/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { appointmentId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["psychologist"], action: true, opensAs: { psychologist: { status: 404 } } },
  "_psychologist.psychologist-dashboard.records_.$appointmentId_.pdf.ts": { path: "/psychologist-dashboard/records/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/pdf", params: { appointmentId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["psychologist"], opensAs: { psychologist: { status: 404 } } },
  // Before the psychologist releases a copy there is nothing to download (tests/integration/record-requests.test.ts).
  "_patient.patient-dashboard_.record.$psychologistId.ts": { path: "/patient-dashboard/record/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { psychologistId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["patient"], action: true, opensAs: { patient: { status: 404 } } },
  "_psychologist.psychologist-dashboard.reports/route.tsx": { path: "/psychologist-dashboard/reports", roles: ["psychologist"] },
  // Without its query the download says what is missing (tests/integration/practice-reports.test.ts downloads real ones).
  "_psychologist.psychologist-dashboard.reports_.download.ts": { path: "/psychologist-dashboard/reports/download", roles: ["psychologist"], opensAs: { psychologist: { status: 400 } } },
  "_psychologist.psychologist-profile/route.tsx": { path: "/psychologist-profile", roles: ["psychologist"], action: true },
  "_admin.admin.tsx": { path: "/admin", roles: ["admin"] },
  "_admin.admin-dashboard.tsx": { path: "/admin-dashboard", roles: ["admin"] },
  "_admin.admin_.audit/route.tsx": { path: "/admin/audit", roles: ["admin"] },
  "_admin.admin_.users/route.tsx": { path: "/admin/users", roles: ["admin"] },
  "_admin.admin_.configuration/route.tsx": { path: "/admin/configuration", roles: ["admin"] },
  "_admin.admin_.payments/route.tsx": { path: "/admin/payments", roles: ["admin"] },
  // Nobody has this id (tests/integration/admin-people.test.ts opens real ones).
  "_admin.admin_.users_.$id/route.tsx": { path: "/admin/users/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["admin"], action: true, opensAs: { admin: { status: 404 } } },
  "_admin.admin_.audit[.]csv.ts": { path: "/admin/audit.csv", roles: ["admin"] },
  // Nobody has this id (tests/integration/admin-refunds.test.ts opens real ones).
  "_admin.admin_.payments_.$id/route.tsx": { path: "/admin/payments/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["admin"], action: true, opensAs: { admin: { status: 404 } } },
  "_admin.admin_.psychologists.$id/route.tsx": {
    path: "/admin/psychologists/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69",
    params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" },
    roles: ["admin"],
    action: true,
    // No psychologist has that id (tests/integration/psychologist-review.test.ts opens real ones).
    opensAs: { admin: { status: 404 } },
  },
  "_patient.schedule.step3.tsx": { path: "/schedule/step3", roles: ["patient"], action: true, reason: "booking", opensAs: { patient: { status: 302, location: "/schedule/step1" } } },
  "_patient.appointment.$id.pay.ts": { path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/pay", roles: ["patient"], action: true, opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.appointment.success.$id.tsx": { path: "/appointment/success/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.payment.success.tsx": { path: "/payment/success", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.appointment.failure.tsx": { path: "/appointment/failure", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.payment.failure.tsx": { path: "/payment/failure", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.appointment.pending.tsx": { path: "/appointment/pending", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  "_patient.payment.pending.tsx": { path: "/payment/pending", roles: ["patient"], opensAs: { patient: { status: 302, location: "/patient-dashboard" } } },
  // Both sides of an appointment reach its call; anyone else gets the spec's refusal (tests/integration/video-call.test.ts).
  "_account.appointment.videocall.$appointmentId.tsx": { path: "/appointment/videocall/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", roles: ALL },
  // Someone else's (here: nobody's) consultation is a 404 (tests/integration/receipts.test.ts).
  "_patient.appointment.$id.receipt.ts": { path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/receipt", params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" }, roles: ["patient"], opensAs: { patient: { status: 404 } } },
  // Someone else's consultation is a 404 (tests/integration/evaluations.test.ts): here an id nobody has.
  "_patient.appointment.$id.evaluate.tsx": {
    path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/evaluate",
    params: { id: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" },
    roles: ["patient"],
    action: true,
    opensAs: { patient: { status: 404 } },
  },
  "_psychologist.appointment.$id.no-show.ts": { path: "/appointment/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69/no-show", roles: ["psychologist"], action: true, opensAs: { psychologist: { status: 302, location: "/psychologist-dashboard/appointments" } } },
};

const ROUTES_DIR = path.resolve("app/routes");

/** Route modules as Remix sees them: files directly in app/routes, or route.tsx in a folder. */
function routeModules(): string[] {
  return readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return readdirSync(path.join(ROUTES_DIR, entry.name)).filter((file) => /^route\.tsx?$/.test(file)).map((file) => `${entry.name}/${file}`);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [entry.name] : [];
  });
}

async function jarFor(role: Role): Promise<CookieJar> {
  return signedIn(await createUser({ role }));
}

describe("route guards", () => {
  it("every route module is classified as public or guarded", () => {
    const unclassified = routeModules().filter((file) => !PUBLIC.has(file) && !(file in GUARDED));
    expect(unclassified).toEqual([]);
  });

  const cases = Object.entries(GUARDED);

  // An action the table does not mark would never be posted to by the checks below.
  it.each(cases)("%s: the table says whether it has an action", async (file, guard) => {
    const module = await import(path.join(ROUTES_DIR, file));
    expect(typeof module.action === "function", file).toBe(guard.action === true);
  });

  it.each(cases)("%s sends an anonymous visitor to /login and back", async (file, guard) => {
    const module = await import(path.join(ROUTES_DIR, file));
    const response = await run(module.loader, getRequest(guard.path), guard.params);
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/login?redirectTo=${encodeURIComponent(guard.path)}${guard.reason ? `&reason=${guard.reason}` : ""}`);
    if (guard.action) {
      const posted = await run(module.action, postRequest(guard.path, { intent: "profile" }), guard.params);
      expect(location(posted)).toMatch(/^\/login\?/);
    }
  });

  it.each(cases.filter(([, guard]) => guard.roles.length < ALL.length))("%s refuses the wrong roles with 403", async (file, guard) => {
    const module = await import(path.join(ROUTES_DIR, file));
    for (const role of ALL.filter((candidate) => !guard.roles.includes(candidate))) {
      const jar = await jarFor(role);
      expect((await run(module.loader, getRequest(guard.path, jar), guard.params)).status, `${role} on ${guard.path}`).toBe(403);
      if (guard.action) expect((await run(module.action, postRequest(guard.path, { intent: "profile" }, jar), guard.params)).status, `${role} posting`).toBe(403);
    }
  });

  it.each(cases)("%s opens for its roles", async (file, guard) => {
    const module = await import(path.join(ROUTES_DIR, file));
    for (const role of guard.roles) {
      const response = await run(module.loader, getRequest(guard.path, await jarFor(role)), guard.params);
      const expected = guard.opensAs?.[role];
      if (expected) {
        // A page whose whole job is to send the role on (never to /login).
        expect(response.status, `${role} on ${guard.path}`).toBe(expected.status);
        if (expected.location) expect(location(response), `${role} on ${guard.path}`).toBe(expected.location);
      } else {
        expect(response.status, `${role} on ${guard.path} -> ${location(response)}`).toBe(200);
      }
    }
  });
});
