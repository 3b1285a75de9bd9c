import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudControlProps } from '../crud/types';
import { MENU_ICON_NAMES, MenuIcon } from '../shell/MenuIcon';

/**
 * The menu form's icon picker: every icon the sidebar can draw (components/shell/MenuIcon), shown with its glyph
 * and searchable by name. The stored value is the icon name (`source`); a name the picker does not know (a
 * Saber `iconfont …` class from imported data) is kept and shown as it is.
 */
export function IconPicker({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const current = typeof value === 'string' ? value : '';
  const names =
    current && !MENU_ICON_NAMES.includes(current) ? [current, ...MENU_ICON_NAMES] : MENU_ICON_NAMES;
  return (
    <Select
      id={id}
      showSearch
      allowClear
      disabled={disabled}
      value={current || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      placeholder={t('crud.selectPlaceholder', { label: t('screens.menu.source') })}
      optionFilterProp="value"
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 360 } } }}
      options={names.map((name) => ({
        value: name,
        label: (
          <Space size={8} data-icon-name={name}>
            <MenuIcon source={name} />
            <span>{name}</span>
          </Space>
        ),
      }))}
    />
  );
}
