import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";

/**
 * Form pieces shared by every form: a labelled field with its errors wired
 * through aria-invalid / aria-describedby, the form's own errors, and a
 * submit button that says what is happening. Errors come from the server
 * (conform's lastResult), so they read the same with JavaScript off.
 */

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm text-red-700 dark:text-red-400">
      {list.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * Where a form that came back from the server with errors puts the focus:
 * the first of `names` (in the form's order) the server marked invalid, else
 * 'form' (its `FormErrors`) when only the whole form has an error. The choice
 * is rendered as `autoFocus`, which the server writes as `autofocus`, so the
 * page reloaded without JavaScript opens there and the error is read with it.
 * With JavaScript conform focuses the first invalid field after a post, and
 * autoFocus only acts when an element mounts, so the two never compete
 * ('form' is chosen only when no field is invalid; FormErrors focuses itself).
 */
export function errorFocus<Name extends string>(
  form: { errors?: string[] | null },
  fields: Record<Name, { errors?: string[] | null }>,
  names: readonly Name[],
): Name | "form" | undefined {
  const field = names.find((name) => fields[name].errors != null);
  if (field !== undefined) return field;
  return form.errors?.some(Boolean) ? "form" : undefined;
}

/**
 * Errors of the whole form (e.g. 'Credenciais inválidas…'), announced to
 * screen readers. Focusable from script (tabIndex -1, not in the tab order);
 * `autoFocus` when no invalid field takes the focus instead (see errorFocus).
 */
export function FormErrors({ id, errors, autoFocus }: { id?: string; errors?: Array<string | { id?: string; message: string }> | null; autoFocus?: boolean }) {
  // A message may carry an id, for a field listed here to be described by it.
  const list = (errors ?? []).map((error) => (typeof error === "string" ? { id: undefined, message: error } : error)).filter((error) => error.message);
  // React acts on autoFocus only for form controls: with JavaScript, an answer that brings (other) errors focuses the
  // alert here, as the autofocus attribute does on a page loaded without it. Keyed by the text, not the array, which
  // some callers build anew at every render: typing elsewhere never pulls the focus back.
  const alert = useRef<HTMLDivElement>(null);
  const text = list.map((error) => error.message).join("\n");
  useEffect(() => {
    if (autoFocus && text) alert.current?.focus();
  }, [autoFocus, text]);
  if (list.length === 0) return null;
  return (
    <div ref={alert} id={id} role="alert" tabIndex={-1} autoFocus={autoFocus} className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {list.map((error) => (
        <p key={error.message} id={error.id}>
          {error.message}
        </p>
      ))}
    </div>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "number" | "date" | "time" | "url" | "search" | "hidden";

interface FieldProps {
  meta: FieldMetadata<string | number | undefined | null>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  className?: string;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "defaultValue">;
}

/**
 * What describes an invalid field: its own messages, or, when it is only
 * marked (blank messages: the form's own error says it, e.g. 'Por favor,
 * preencha todos os campos.'), the form's error, so aria-describedby never
 * names an element that is not on the page.
 */
function invalidDescription(meta: FieldMetadata<unknown>, extra?: string): { "aria-describedby"?: string } {
  if (meta.errors === undefined || meta.errors.some(Boolean)) return {};
  return { "aria-describedby": [`${meta.formId}-error`, extra].filter(Boolean).join(" ") };
}

// Addresses, numbers and secrets read left to right in any language: on an Arabic page they start at the left.
const LEFT_TO_RIGHT = new Set<InputType>(["email", "password", "tel", "url"]);

export function Field({ meta, label, type = "text", hint, className, inputProps }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = { ...getInputProps(meta, { type, ariaDescribedBy: hintId }), ...invalidDescription(meta, hintId), ...(LEFT_TO_RIGHT.has(type) ? { dir: "ltr" } : {}) };
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input {...props} {...inputProps} className="input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({
  meta,
  label,
  defaultChecked,
  className,
  autoFocus,
}: {
  meta: FieldMetadata<string | boolean | undefined | null>;
  label: ReactNode;
  defaultChecked?: boolean;
  className?: string;
  autoFocus?: boolean;
}) {
  const props = { ...getInputProps(meta, { type: "checkbox", value: "on" }), ...invalidDescription(meta) };
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input {...props} defaultChecked={defaultChecked ?? props.defaultChecked} autoFocus={autoFocus} className="mt-1 h-4 w-4 rounded border-slate-300" />
        <label htmlFor={meta.id} className="text-sm text-slate-700 dark:text-slate-300">
          {label}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** True while this form (by its intent, if given) is being submitted or its redirect is loading. */
export function useIsSubmitting({ action, intent }: { action?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  if (action && navigation.formAction !== action) return false;
  if (intent && navigation.formData.get("intent") !== intent) return false;
  return true;
}

export function SubmitButton({
  children,
  pendingLabel,
  pending,
  className = "btn-primary w-full",
  name,
  value,
  disabled,
}: {
  children: ReactNode;
  pendingLabel?: ReactNode;
  pending?: boolean;
  className?: string;
  name?: string;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" name={name} value={value} className={className} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
