import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

export interface MyRecordItem {
  psychologistId: string;
  name: string;
  pendingSince: string | null;
  releasedAt: string | null;
}

/**
 * 'Meu prontuário' on the patient's dashboard: per psychologist consulted, a
 * plain POST form asking for a copy of the record, and once released a
 * plain link downloading it (both work without JavaScript).
 */
export function MyRecord({ items }: { items: MyRecordItem[] }) {
  const { t } = useTranslation("records");
  return (
    <section id="meu-prontuario" className="card mt-8" aria-labelledby="my-record-title">
      <h2 id="my-record-title" className="text-xl font-semibold">
        {t("patient.heading")}
      </h2>
      <p className="muted mt-1 text-sm">{t("patient.intro")}</p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm">{t("patient.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((item) => (
            <li key={item.psychologistId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold">{item.name}</p>
                {item.pendingSince ? <p className="muted text-sm">{t("patient.pending", { date: item.pendingSince })}</p> : null}
                {item.releasedAt ? <p className="muted text-sm">{t("patient.released", { date: item.releasedAt })}</p> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {item.releasedAt ? (
                  <a href={`/patient-dashboard/record/${item.psychologistId}`} download className="btn-primary btn-small">
                    {t("patient.download")}
                  </a>
                ) : null}
                {item.pendingSince ? null : (
                  <Form method="post" action={`/patient-dashboard/record/${item.psychologistId}`}>
                    <button type="submit" className="btn-secondary btn-small">
                      {item.releasedAt ? t("patient.requestAgain") : t("patient.request")}
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
