import type { SerializeFrom } from "@remix-run/node";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { createTranslator, type TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import type { cancelPageData } from "~/routes/_account.appointment.$id.cancel/cancel.server";

/**
 * 'Cancelar consulta': the page /appointment/{id}/cancel and, with
 * JavaScript, the same form in a <dialog> over the dashboard that opened it
 * (spec 02, 2.3). Both POST to the page's action, which decides the refund
 * again at that moment; a success redirects back with the toast.
 */

export type CancelPageData = SerializeFrom<typeof cancelPageData>;
export type CancelAnswer = { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null }; error?: string | null } | undefined;

interface CancelFormProps {
  data: CancelPageData;
  answer: CancelAnswer;
  t: TFunction;
  FormComponent: (props: ComponentProps<typeof Form>) => ReactNode;
  submitting: boolean;
  /** 'Manter consulta' / 'Voltar': a link back on the page, a close button in the dialog. */
  leave: (label: string) => ReactNode;
}

export function CancelForm({ data, answer, t, FormComponent, submitting, leave }: CancelFormProps) {
  const reasonErrors = answer?.result?.error?.reason ?? null;
  // What was typed comes back with a refusal, so nothing is lost without JavaScript either.
  const typed = answer?.result?.initialValue ?? {};
  const { quote, policy } = data;
  const errorId = `reason-error-${data.appointment.id}`;
  // Past the last refund threshold the patient gets nothing back: said plainly, never as '0% refund: R$ 0,00 returned to you'.
  const refundHeadline = () => {
    if (!quote.paid) return t("refund.unpaid");
    if (data.role === "psychologist") return t("refund.psychologist", { amount: quote.amount });
    return quote.cents === 0 ? t("refund.none", { price: data.appointment.price }) : t("refund.patient", { percent: quote.percent, amount: quote.amount });
  };
  return (
    <>
      <div className="card mt-4 text-sm">
        <p className="font-semibold">{data.appointment.with}</p>
        <p>{t("when", { date: data.appointment.date ?? "", time: data.appointment.time ?? "" })}</p>
        {data.appointment.zone ? <p className="muted text-xs">{data.appointment.zone}</p> : null}
        <p className="muted">{t("price", { price: data.appointment.price })}</p>
      </div>

      {data.refusal ? (
        <div className="card mt-4">
          <FormErrors errors={[t(`errors.${data.refusal}`)]} />
          <div className="mt-4">{leave(t("back"))}</div>
        </div>
      ) : (
        <FormComponent method="post" action={`/appointment/${data.appointment.id}/cancel`} className="card mt-4 space-y-4">
          <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">
              {refundHeadline()}
            </p>
            {data.role === "patient" && quote.paid ? (
              <p className="mt-1">{policy.text}</p>
            ) : null}
          </div>
          {answer?.error ? <FormErrors errors={[answer.error]} autoFocus={!reasonErrors} /> : null}
          <label className="block text-sm font-medium">
            {t("reason")}
            <textarea
              name="reason"
              defaultValue={typeof typed.reason === "string" ? typed.reason : undefined}
              required
              maxLength={500}
              rows={3}
              className="input mt-1 w-full"
              aria-invalid={reasonErrors ? true : undefined}
              aria-describedby={reasonErrors ? errorId : undefined}
              autoFocus={reasonErrors !== null}
            />
          </label>
          {reasonErrors ? (
            <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
              {reasonErrors[0]}
            </p>
          ) : null}
          {data.role === "patient" && quote.paid && policy.exceptions.length > 0 ? (
            <label className="block text-sm font-medium">
              {t("exception")}
              <select name="exception" defaultValue={typeof typed.exception === "string" ? typed.exception : ""} className="input mt-1 w-full">
                <option value="">{t("exceptions.none")}</option>
                {policy.exceptions.map((exception) => (
                  <option key={exception} value={exception}>
                    {t(`exceptions.${exception}`)}
                  </option>
                ))}
              </select>
              <span className="muted mt-1 block text-xs font-normal">{t("exceptionNote")}</span>
            </label>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {leave(t("keep"))}
            <SubmitButton className="btn-primary bg-red-700 hover:bg-red-800" pending={submitting} pendingLabel={t("cancelling")}>
              {t("confirm")}
            </SubmitButton>
          </div>
        </FormComponent>
      )}
    </>
  );
}

/**
 * The 'Cancelar' link of a dashboard. Without JavaScript it is a link to the
 * page; with it, a click opens the form in a dialog, mounted only while open
 * (a list of fifty consultations carries fifty links, not fifty dialogs).
 */
export function CancelLink({ appointmentId, className, children }: { appointmentId: string; className: string; children: ReactNode }) {
  const href = `/appointment/${appointmentId}/cancel`;
  const [open, setOpen] = useState(false);
  // A plain link: without JavaScript it is the page; with it, a plain click opens the dialog
  // instead. A router <Link> would never route here, and costs render time on every card.
  return (
    <>
      <a
        href={href}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? <CancelDialog href={href} label={children} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CancelDialog({ href, label, onClose }: { href: string; label: ReactNode; onClose: () => void }) {
  const page = useFetcher<CancelPageData>();
  const submission = useFetcher<CancelAnswer>();
  const dialog = useRef<HTMLDialogElement>(null);
  const { t: common, locale } = useTranslation();
  const t = useMemo(() => (page.data ? createTranslator(page.data.translations, locale, "cancellation") : null), [page.data, locale]);
  const titleId = useId();
  const close = () => dialog.current?.close();

  useEffect(() => {
    dialog.current?.showModal();
    // Read afresh at each opening: the refund depends on the hours left.
    page.load(href);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);

  return (
    <dialog ref={dialog} aria-labelledby={titleId} className="modal" onClose={onClose} onClick={(event) => event.target === event.currentTarget && close()}>
      <div className="card max-w-xl">
        <div className="modal-head">
          <h2 id={titleId} className="text-lg font-bold">
            {t ? t("title") : label}
          </h2>
          <button type="button" className="btn-ghost" aria-label={common("dialog.close")} onClick={close}>
            ✕
          </button>
        </div>
        {page.data && t ? (
          <CancelForm
            data={page.data}
            answer={submission.data}
            t={t}
            FormComponent={submission.Form}
            submitting={submission.state !== "idle"}
            leave={(text) => (
              <button type="button" className="btn-secondary" onClick={close}>
                {text}
              </button>
            )}
          />
        ) : (
          <p role="status" className="muted py-6 text-sm">
            {common("dialog.loading")}
          </p>
        )}
      </div>
    </dialog>
  );
}
