/** The symbols of the static sprite public/icons.svg. */
export type IconName = "sun" | "moon" | "menu" | "globe" | "check" | "star";

interface IconProps {
  className?: string;
}

/**
 * One icon of the sprite (same origin, cached by the browser, no path data in
 * the JavaScript). `.icon` in tailwind.css sizes it; it takes the text colour
 * (currentColor). Decorative: the control around it carries the label.
 */
export function Icon({ name, className }: IconProps & { name: IconName }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

export const SunIcon = (props: IconProps) => <Icon name="sun" {...props} />;
export const MoonIcon = (props: IconProps) => <Icon name="moon" {...props} />;
export const MenuIcon = (props: IconProps) => <Icon name="menu" {...props} />;
export const GlobeIcon = (props: IconProps) => <Icon name="globe" {...props} />;
export const CheckIcon = (props: IconProps) => <Icon name="check" {...props} />;
export const StarIcon = (props: IconProps) => <Icon name="star" {...props} />;
