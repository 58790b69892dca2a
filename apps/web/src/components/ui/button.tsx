import type { ButtonHTMLAttributes } from 'react';
import { useHeldUntilHydrated } from '../../lib/use-hydrated';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', block = false, className, type = 'button', disabled, ...rest }: ButtonProps) {
  // On a prerendered page a click waits for the handler (useHeldUntilHydrated).
  const hold = useHeldUntilHydrated(disabled);
  return <button type={type} className={[buttonClass(variant, block), className].filter(Boolean).join(' ')} {...hold} {...rest} />;
}
