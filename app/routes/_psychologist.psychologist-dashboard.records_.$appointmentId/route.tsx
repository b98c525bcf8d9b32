import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { StatusBadge } from "~/components/appointment-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { formatNumber } from "~/utils/format";
import { noteEditorAction, noteEditorData } from "./note-editor.server";

/** /psychologist-dashboard/records/{appointmentId} — one consultation's prontuário: the note, its versions, save and export. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return noteEditorData(request, await requirePsychologist(request), params.appointmentId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return noteEditorAction(request, await requirePsychologist(request), params.appointmentId ?? "");
}

export default function NoteEditor() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { error: string; text: string } | undefined;
  const { t, locale } = useTranslation("records");
  const location = useLocation();
  const navigation = useNavigation();
  const saved = data.note?.text ?? "";
  // After a refused save the form shows what was typed, not the saved text.
  const initial = answer?.text ?? saved;
  const [text, setText] = useState(initial);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setText(initial), [initial]);
  // The spec: unsaved when the text differs from the last saved one (textareas submit CRLF; compare as typed).
  const dirty = text.replace(/\r\n?/g, "\n") !== saved;
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const { consultation } = data;
  const exportable = Boolean(data.note?.readable);

  return (
    <section aria-labelledby="note-title" className="space-y-4">
      <p>
        <Link to="/psychologist-dashboard/records" className="text-sm underline">
          {t("editor.back")}
        </Link>
      </p>
      <h2 id="note-title" className="text-xl font-semibold">
        {t("editor.heading")}
      </h2>

      {data.error ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p>{data.error}</p>
          <a href={location.pathname} className="mt-1 inline-block font-semibold underline">
            {t("retry")}
          </a>
        </div>
      ) : null}

      {consultation ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="card min-w-0 space-y-4 lg:col-span-2">
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="muted">{t("editor.patient")}</dt>
                <dd className="font-semibold">{consultation.patient}</dd>
              </div>
              <div>
                <dt className="muted">{t("editor.status")}</dt>
                <dd>
                  <StatusBadge status={consultation.status}>{t(`appointments:status.${consultation.status}`)}</StatusBadge>
                </dd>
              </div>
              <div>
                <dt className="muted">{t("editor.date")}</dt>
                <dd>{consultation.date ?? "—"}</dd>
              </div>
              <div>
                <dt className="muted">{t("editor.time")}</dt>
                <dd>{t("editor.timeAndDuration", { time: consultation.time ?? "—", minutes: consultation.durationMinutes })}</dd>
              </div>
            </dl>

            {consultation.canWrite ? (
              <Form method="post" className="space-y-2">
                {answer?.error ? <FormErrors id="notes-error" errors={[answer.error]} /> : null}
                <label htmlFor="notes" className="block font-medium">
                  {t("editor.notesLabel")}
                </label>
                <textarea
                  id="notes"
                  name="notes"
                  rows={16}
                  maxLength={data.maxLength}
                  defaultValue={initial}
                  key={initial}
                  onInput={(event) => {
                    const value = event.currentTarget.value;
                    setText(value);
                  }}
                  aria-describedby={answer?.error ? "notes-error notes-count notes-state" : "notes-count notes-state"}
                  aria-invalid={answer?.error ? true : undefined}
                  // A refused save opens on the note, its error read with it (the form's only field).
                  autoFocus={Boolean(answer?.error)}
                  className="input w-full font-mono text-sm"
                />
                <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
                  <span id="notes-count" aria-live="polite">
                    {t("editor.characters", { length: formatNumber(text.length, locale), max: formatNumber(data.maxLength, locale) })}
                  </span>
                  {/* Only JavaScript can know there are unsaved changes; without it nothing claims either way. */}
                  <span id="notes-state" aria-live="polite" className={dirty ? "font-semibold text-amber-700 dark:text-amber-300" : "muted"}>
                    {hydrated ? (dirty ? t("editor.unsaved") : data.note ? t("editor.allSaved") : "") : ""}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <SubmitButton className="btn-primary" disabled={hydrated && !dirty} pending={saving} pendingLabel={t("editor.saving")}>
                    {t("editor.save")}
                  </SubmitButton>
                  {exportable ? (
                    <a href={`/psychologist-dashboard/records/${consultation.id}/pdf`} download className="btn-secondary">
                      {t("editor.export")}
                    </a>
                  ) : (
                    <button type="button" className="btn-secondary" disabled title={t("editor.exportNeedsSaved")}>
                      {t("editor.export")}
                    </button>
                  )}
                </div>
              </Form>
            ) : (
              <>
                {data.note?.readable ? <pre className="whitespace-pre-wrap break-words text-sm">{data.note.text}</pre> : null}
                <p className="muted text-sm">{t("errors.notAllowed")}</p>
              </>
            )}
            <p className="rounded-md bg-slate-50 p-3 text-xs dark:bg-slate-900" role="note">
              {t("editor.confidentiality")}
            </p>
          </div>

          <aside className="card space-y-2" aria-labelledby="versions-title">
            <h3 id="versions-title" className="font-semibold">
              {t("editor.versions")}
            </h3>
            {data.note ? <p className="muted text-xs">{t("editor.retention", { date: data.note.retainUntil })}</p> : null}
            {data.versions.length === 0 ? (
              <p className="muted text-sm">{t("editor.noVersions")}</p>
            ) : (
              <ol className="space-y-1 text-sm">
                {data.versions.map((version) => (
                  <li key={version.version}>{t("editor.versionItem", { version: version.version, date: version.at, author: version.author })}</li>
                ))}
              </ol>
            )}
          </aside>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
