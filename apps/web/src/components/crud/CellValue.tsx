import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fileNameOf } from '../../lib/files';
import { DictText } from '../dict/DictSelect';
import type { CrudField } from './types';
import { DATE_FORMAT, fieldType } from './values';

/** How a field's value reads in the table. */
export function CellValue({ field, value }: { field: CrudField; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <>{t('common.empty')}</>;
  switch (fieldType(field)) {
    case 'dict':
      return <DictText code={field.dict?.code ?? ''} source={field.dict?.source ?? 'system'} value={value} />;
    case 'select': {
      const option = field.options?.find(
        (item) => item.value === value || String(item.value) === String(value),
      );
      return <>{option ? t(option.label) : String(value)}</>;
    }
    case 'switch': {
      const [on] = field.switchValues ?? [1, 0];
      return value === on ? <Tag color="success">{t('crud.yes')}</Tag> : <Tag>{t('crud.no')}</Tag>;
    }
    case 'date': {
      const date = dayjs(value as string);
      return <>{date.isValid() ? date.format(DATE_FORMAT) : String(value)}</>;
    }
    case 'upload':
      return (
        <>
          {String(value)
            .split(',')
            .filter(Boolean)
            .map((link) => (
              <Typography.Link key={link} href={link} target="_blank" rel="noopener noreferrer">
                {fileNameOf(link)}{' '}
              </Typography.Link>
            ))}
        </>
      );
    default:
      return <>{String(value)}</>;
  }
}
