import type { Asker } from "~/models/cancellation.server";
import type { SessionUser } from "./session.server";

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
