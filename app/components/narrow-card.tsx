import type { ReactNode } from "react";

/** One card in a narrow column: the one-task pages of sign-in (forgot, reset, verify). */
export function NarrowCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="container-page max-w-md py-10">
      <div className="card">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
        {children}
      </div>
    </div>
  );
}
