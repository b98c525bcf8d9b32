import type { Asker } from "~/models/cancellation.server";
import type { SessionUser } from "./session.server";
import { viewerTimeZone } from "./viewer-time-zone.server";

/** Who is asking about an appointment, for the pages both its patient and its psychologist use (cancel, reschedule). */
export function askerOf(user: SessionUser): Asker {
  if (user.role === "patient") return { role: "patient", userId: user.id };
  if (user.role === "psychologist") return { role: "psychologist", userId: user.id };
  throw new Response(null, { status: 403 });
}

/** Where each side goes back to: the patient's list, or the psychologist's page of that consultation. */
export function backTo(asker: Asker, appointmentId: string): string {
  return asker.role === "patient" ? "/patient-dashboard" : `/psychologist-dashboard/appointments/${appointmentId}`;
}

/**
 * The clock an appointment page reads in: a psychologist's practice zone, as their dashboard and
 * agenda show it (ADR 004), else the viewer's own. A psychologist in Manaus with a personal zone of
 * Brasília would otherwise see a 09:00 consultation as 10:00 once they open 'Cancelar'.
 */
export function appointmentTimeZone(request: Request, user: SessionUser): string {
  if (user.role === "psychologist" && user.psychologistTimeZone) return user.psychologistTimeZone;
  return viewerTimeZone(request, user).timeZone;
}
