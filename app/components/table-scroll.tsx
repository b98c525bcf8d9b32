import type { ReactNode } from "react";

/**
 * A table wider than a phone scrolls sideways inside this box. The box is
 * focusable and named, so the keyboard can reach and scroll it even when no
 * cell holds a link (WCAG 2.1.1). It is a landmark: the section around it
 * should not carry the same name (landmarks need distinct names).
 */
export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`relative overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
