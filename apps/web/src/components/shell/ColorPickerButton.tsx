import { ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings';
import styles from './shell.module.css';

/** Preset colours of the picker; the first (#409EFF) is the default. */
export const PRESET_COLORS = [
  '#409EFF',
  '#1677FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA8C16',
  '#EB2F96',
];

/** The primary-colour picker (antd ColorPicker), persisted. */
export function ColorPickerButton() {
  const { t } = useTranslation();
  const color = useSettingsStore((state) => state.colorName);
  const setColor = useSettingsStore((state) => state.setColor);
  return (
    <Tooltip title={t('theme.color')} placement="bottom">
      <span className={styles.colorAction}>
        <ColorPicker
          size="small"
          value={color}
          disabledAlpha
          presets={[{ label: t('theme.presetColors'), colors: PRESET_COLORS }]}
          onChangeComplete={(value) => setColor(value.toHexString().toUpperCase())}
          aria-label={t('theme.color')}
        />
      </span>
    </Tooltip>
  );
}
