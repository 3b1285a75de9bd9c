import { Result, type ResultProps } from 'antd';
import styles from './StatusPage.module.css';

/** A full-viewport, centred antd Result: boot failure, 404, route errors. */
export function StatusPage(props: ResultProps) {
  return (
    <div className={styles.page}>
      <Result {...props} />
    </div>
  );
}
