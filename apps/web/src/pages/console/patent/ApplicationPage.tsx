import { ProfileOutlined } from '@ant-design/icons';
import { type PatentApplication, patentApplicationEntity } from '@cube/contract';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patentApplicationApi } from '../../../api/patent';
import { CrudPage, entityPermissions } from '../../../components/crud';
import { CaseDetail, caseFields } from './CaseDetail';

/** 专利案件: the cases, and per case its notices, deadlines and fees in a side panel. */
export default function ApplicationPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<PatentApplication>();
  return (
    <>
      <CrudPage<PatentApplication>
        resource={patentApplicationEntity.name}
        api={patentApplicationApi}
        fields={caseFields}
        permissions={entityPermissions(patentApplicationEntity)}
        actionWidth={240}
        rowActions={[
          {
            key: 'detail',
            label: 'screens.patentApplication.detail',
            icon: <ProfileOutlined />,
            onClick: ({ record }) => setCurrent(record),
          },
        ]}
      />
      <Drawer
        open={current !== undefined}
        onClose={() => setCurrent(undefined)}
        width="min(1100px, 96vw)"
        destroyOnHidden
        title={
          current
            ? t('screens.patentApplication.detailTitle', { docketNo: current.docketNo, title: current.title })
            : ''
        }
      >
        {current ? <CaseDetail applicationId={current.id} /> : null}
      </Drawer>
    </>
  );
}
