import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
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
  // A prerendered form submits only once its handler is attached (see useHydrated); until then
  // its button is held, looking as it will (button.css), and a click or Enter waits.
  const hydrated = useHydrated();
  const held = type === 'submit' && !hydrated;
  return (
    <button
      type={type}
      className={[buttonClass(variant, block), className].filter(Boolean).join(' ')}
      disabled={disabled || held}
      data-held={held || undefined}
      {...rest}
    />
  );
}
