import { useEffect, useState } from "react";

export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

const STYLE: Record<ToastMessage["type"], string> = {
  success: "border-teal-600 bg-teal-50 text-teal-950 dark:bg-teal-950 dark:text-teal-50",
  error: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  info: "border-slate-400 bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100",
};

/**
 * One toast at a time (spec). Server-rendered, so it shows without
 * JavaScript; with it, it leaves after a few seconds.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 5_000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        className={`pointer-events-auto w-full max-w-md rounded-xl border-s-4 p-4 shadow-lg ${STYLE[visible.type]}`}
      >
        <p className="font-semibold">{visible.title}</p>
        {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
      </div>
    </div>
  );
}
