import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiagramTarget, ProcessDiagram } from './ProcessDiagram';

export interface DiagramRequest {
  name: string;
  target: DiagramTarget;
}

/** 流程图 of a list row: the instance's diagram with its marks, or a definition's. */
export function DiagramDialog({ request, onClose }: { request?: DiagramRequest; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={request !== undefined}
      onCancel={onClose}
      footer={null}
      width={1000}
      title={request ? t('screens.work.diagramTitle', { name: request.name }) : ''}
      destroyOnHidden
    >
      {request ? <ProcessDiagram target={request.target} height={480} /> : null}
    </Modal>
  );
}
