import { i18n } from './i18n';

/**
 * Labels in the current language: a menu's (translated when the locale has `menu.<code>`) and a page's or tab's
 * (its i18n key when set, else the stored label).
 */

/** The fields of a menu node (api/menu `MenuNode`) its label is found from. */
export interface LabelledMenu {
  code: string;
  name: string;
  meta?: { i18n?: string | undefined } | null | undefined;
}

/**
 * Menu names are data the platform administrator edits, in Chinese: in Chinese the server's name is shown as it
 * is (a renamed menu shows its new name at once), and the locale's `menu.<code>` keys translate it into the
 * other languages only.
 */
const MENU_NAME_LANGUAGE = 'zh';
const MENU_KEY_PREFIX = 'menu.';
const showsServerNames = () => i18n.language === MENU_NAME_LANGUAGE;

/** The i18n key of a menu's label, when the locale has one (`meta.i18n`, else `menu.<code>`). */
export function menuLabelKey(node: Pick<LabelledMenu, 'code' | 'meta'>): string | undefined {
  const candidates = [node.meta?.i18n ? `menu.${node.meta.i18n}` : '', node.code ? `menu.${node.code}` : ''];
  return candidates.find((key) => key && i18n.exists(key));
}

/** A menu's label in the current language. */
export function menuLabel(node: LabelledMenu): string {
  if (showsServerNames()) return node.name;
  const key = menuLabelKey(node);
  return key ? i18n.t(key as never) : node.name;
}

/** The label of a tab or page: its i18n key when set, else the stored label. */
export function translatedLabel(label: string, labelKey: string | undefined): string {
  if (labelKey?.startsWith(MENU_KEY_PREFIX) && showsServerNames()) return label;
  return labelKey && i18n.exists(labelKey) ? i18n.t(labelKey as never) : label;
}
