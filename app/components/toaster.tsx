export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** A key per toast received (each loader response is a new object), so a new toast is a new element and its exit animation starts over. */
const keys = new WeakMap<ToastMessage, number>();
let count = 0;

/**
 * One toast at a time (spec). Server-rendered, so it shows without
 * JavaScript; a CSS animation (.toast in tailwind.css) hides it after
 * 5 seconds, with or without JavaScript.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  if (toast == null) return null;
  if (!keys.has(toast)) keys.set(toast, ++count);
  return (
    <div key={keys.get(toast)} role={toast.type === "error" ? "alert" : "status"} data-type={toast.type} className="toast">
      <p>{toast.title}</p>
      {toast.description ? <p>{toast.description}</p> : null}
    </div>
  );
}
