import { Tooltip } from 'antd';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './shell.module.css';

interface HeaderActionProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Tooltip and accessible name. */
  title: string;
  children: ReactNode;
  /** Hides the tooltip (while the action's own popup is open). */
  hideTooltip?: boolean;
}

/** An icon button of the top bar, with a tooltip. */
export function HeaderAction({ title, children, className, hideTooltip, ...rest }: HeaderActionProps) {
  return (
    <Tooltip title={title} placement="bottom" {...(hideTooltip ? { open: false } : {})}>
      <button
        type="button"
        aria-label={title}
        className={[styles.action, className].filter(Boolean).join(' ')}
        {...rest}
      >
        {children}
      </button>
    </Tooltip>
  );
}
