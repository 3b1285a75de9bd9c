import { type PatentHoliday, patentHolidayEntity } from '@cube/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { patentHolidayApi } from '../../../api/patent';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';

const fields = entityFields(patentHolidayEntity, [
  { name: 'holidayDate', type: 'date', table: { width: 140 } },
  {
    name: 'isWorkday',
    type: 'select',
    options: [
      { value: 0, label: 'screens.patentHoliday.dayOff' },
      { value: 1, label: 'screens.patentHoliday.workday' },
    ],
    initialValue: 0,
    search: true,
    table: { width: 120 },
  },
  { name: 'note', search: true },
]);

/** 节假日: the holiday and make-up-workday calendar that moves and counts patent deadlines. */
export default function HolidayPage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('screens.patentHoliday.hint')} />
      <CrudPage<PatentHoliday>
        resource={patentHolidayEntity.name}
        api={patentHolidayApi}
        fields={fields}
        permissions={entityPermissions(patentHolidayEntity)}
        dialogWidth={560}
      />
    </>
  );
}
