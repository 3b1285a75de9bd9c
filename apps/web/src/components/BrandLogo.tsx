import { useBranding } from '../stores/site';
import styles from './BrandLogo.module.css';

interface BrandLogoProps {
  /** Height and width in pixels. */
  size?: number;
  className?: string;
}

/** The site's logo resource, or the built-in cube mark when the site has none. */
export function BrandLogo({ size = 32, className }: BrandLogoProps) {
  const { logoUrl, productTitle } = useBranding();
  const classes = [styles.logo, className].filter(Boolean).join(' ');
  if (logoUrl) {
    return <img className={classes} src={logoUrl} alt={productTitle} width={size} height={size} />;
  }
  return (
    <svg
      className={classes}
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label={productTitle}
    >
      <title>{productTitle}</title>
      <path fill="#409eff" d="M32 4 56 18 32 32 8 18z" />
      <path fill="#1f6fd1" d="M8 18 32 32v28L8 46z" />
      <path fill="#6cb4ff" d="M56 18 32 32v28l24-14z" />
    </svg>
  );
}
