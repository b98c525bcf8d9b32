import { db } from "./db.server";

/** The appointment the video call page checks, with both people's names: one query. */
export function getVideoCallAppointment(appointmentId: string) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("profiles as pp", "pp.id", "a.patient_id")
    .where("a.id", "=", appointmentId)
    .select([
      "a.id",
      "a.patient_id as patientId",
      "ps.user_id as psychologistUserId",
      "a.status",
      "a.starts_at as startsAt",
      "a.ends_at as endsAt",
      "a.duration_minutes as durationMinutes",
      "a.video_room_name as videoRoomName",
      "a.video_room_url as videoRoomUrl",
      "ps.name as psychologistName",
      "ps.time_zone as psychologistZone",
      "pp.first_name as patientFirstName",
      "pp.last_name as patientLastName",
    ])
    .executeTakeFirst();
}
