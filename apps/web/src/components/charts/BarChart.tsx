import type { CSSProperties } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './BarChart.module.css';

/** Room above the tallest column for its value label. */
const VALUE_LABEL_PX = 22;

export interface BarDatum {
  label: string;
  value: number;
}

export interface BarChartProps {
  data: readonly BarDatum[];
  /** Accessible name of the chart (also the caption of its data table). */
  title: string;
  /** Header of the value column in the data table read by screen readers. */
  valueLabel: string;
  /** `columns`: vertical bars (a time series); `rows`: horizontal bars (categories with long names). */
  layout?: 'columns' | 'rows';
  /** Height of the plot area for columns, in px. */
  height?: number;
  color?: string;
}

/**
 * A dependency-free bar chart in CSS. The bars are decoration (`aria-hidden`); the same figures are in a visually
 * hidden table, so screen readers get the data, and each bar has a tooltip.
 */
export function BarChart({
  data,
  title,
  valueLabel,
  layout = 'columns',
  height = 180,
  color,
}: BarChartProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const max = Math.max(0, ...data.map((item) => item.value));
  const ratio = (value: number) => (max > 0 ? Math.max(0, value / max) : 0);
  const share = (value: number) => `${ratio(value) * 100}%`;
  const style = (color ? { '--bar-color': color } : {}) as CSSProperties;

  if (data.length === 0) {
    return (
      <figure className={styles.figure} aria-label={title}>
        <div className={styles.empty}>{t('crud.chart.noData')}</div>
      </figure>
    );
  }

  const table = (
    <table className={styles.srOnly}>
      <caption id={captionId}>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{title}</th>
          <th scope="col">{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((item) => (
          <tr key={item.label}>
            <th scope="row">{item.label}</th>
            <td>{item.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  if (layout === 'rows') {
    return (
      <figure className={styles.figure} aria-labelledby={captionId} style={style}>
        <ul className={styles.rows} aria-hidden>
          {data.map((item) => (
            <li
              key={item.label}
              className={styles.row}
              title={t('crud.chart.summary', { label: item.label, value: item.value })}
            >
              <span className={styles.rowLabel}>{item.label}</span>
              <span className={styles.rowTrack}>
                <span className={styles.rowBar} style={{ width: share(item.value), display: 'block' }} />
              </span>
              <span className={styles.rowValue}>{item.value}</span>
            </li>
          ))}
        </ul>
        {table}
      </figure>
    );
  }

  return (
    <figure className={styles.figure} aria-labelledby={captionId} style={style}>
      <div className={styles.columns} aria-hidden>
        {data.map((item) => (
          <div
            key={item.label}
            className={styles.column}
            title={t('crud.chart.summary', { label: item.label, value: item.value })}
          >
            <div className={styles.columnTrack} style={{ height }}>
              <span className={styles.columnValue}>{item.value}</span>
              <div
                className={styles.columnBar}
                style={{ height: `calc((100% - ${VALUE_LABEL_PX}px) * ${ratio(item.value)})` }}
              />
            </div>
            <span className={styles.columnLabel}>{item.label}</span>
          </div>
        ))}
      </div>
      {table}
    </figure>
  );
}
