import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', block = false, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={[buttonClass(variant, block), className].filter(Boolean).join(' ')} {...rest} />;
}
