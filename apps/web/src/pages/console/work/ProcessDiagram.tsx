import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDiagram } from '../../../api/flow-work';
import { BpmnViewer } from '../../../components/bpmn/Viewer';

/** An instance (with its tenant when the platform administrator opens another tenant's) or a definition. */
export type DiagramTarget =
  | { processInstanceId: string; tenantId?: string }
  | { processDefinitionId: string };

/**
 * The diagram of an instance (steps passed in green, current ones in blue) or of a definition (plain), from
 * `process/model-view`, with a legend when there is something marked.
 */
export function ProcessDiagram({ target, height = 420 }: { target: DiagramTarget; height?: number }) {
  const { t } = useTranslation();
  const diagram = useQuery({
    queryKey: ['flow', 'diagram', target],
    queryFn: () => fetchDiagram(target),
  });
  if (diagram.isError) return <Alert type="warning" showIcon title={t('screens.work.diagramFailed')} />;
  if (!diagram.data) return <Spin />;
  const data = diagram.data;
  const instance = 'processInstanceId' in target;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <BpmnViewer
        xml={data.xml}
        height={height}
        highlight={{ done: data.completedIds, active: data.activeIds, flows: data.flowIds }}
      />
      {instance ? (
        <Space size={4}>
          <Tag color="success">{t('screens.work.diagramLegendDone')}</Tag>
          <Tag color="processing">{t('screens.work.diagramLegendActive')}</Tag>
        </Space>
      ) : null}
    </Space>
  );
}
