import { AimOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Tooltip } from 'antd';
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../lib/chunk';
import styles from './Viewer.module.css';

/** What an instance has reached (as `model-view` answers it): element ids of the diagram. */
export interface BpmnHighlight {
  /** Steps already passed (completed tasks, events reached). */
  done?: readonly string[];
  /** Steps waiting now (open tasks). */
  active?: readonly string[];
  /** Sequence flows taken. */
  flows?: readonly string[];
}

export interface BpmnViewerProps {
  /** BPMN 2.0 XML with its diagram layout (DI). */
  xml: string;
  highlight?: BpmnHighlight;
  /** Height of the canvas (default 420 px). */
  height?: number | string;
  /** Accessible name of the diagram (default 流程图). */
  label?: string;
}

export const MARKER = { done: 'cube-bpmn-done', active: 'cube-bpmn-active', flow: 'cube-bpmn-flow' } as const;

/**
 * How marked elements are painted. bpmn-js draws each shape with inline styles, so the marks are written on the
 * shape's own SVG (its first visual child) rather than through a stylesheet; the marker classes stay on the
 * elements for anything that reads them (tests, assistive styles).
 */
const PAINT = {
  done: { stroke: '#52c41a', fill: '#f6ffed', strokeWidth: '' },
  active: { stroke: '#1677ff', fill: '#e6f4ff', strokeWidth: '3px' },
  flow: { stroke: '#52c41a', fill: '', strokeWidth: '2px' },
} as const;

interface Canvas {
  zoom(level?: 'fit-viewport' | number, center?: 'auto'): number;
  addMarker(element: string, marker: string): void;
  scrollToElement(element: string, padding?: number): void;
}

/** Below this scale task names are unreadable: a large diagram is then shown at READABLE_SCALE on its current step. */
const MIN_READABLE_SCALE = 0.6;
const READABLE_SCALE = 0.9;
interface ElementRegistry {
  get(id: string): unknown;
  getGraphics(id: string): SVGElement | undefined;
}

function paint(graphics: SVGElement | undefined, colours: (typeof PAINT)[keyof typeof PAINT]): void {
  const visual = graphics?.querySelector<SVGElement>('.djs-visual > :first-child');
  if (!visual) return;
  visual.style.stroke = colours.stroke;
  if (colours.fill) visual.style.fill = colours.fill;
  if (colours.strokeWidth) visual.style.strokeWidth = colours.strokeWidth;
}

/**
 * A read-only BPMN diagram (bpmn-js NavigatedViewer: drag to pan, wheel to zoom) with the steps an instance passed
 * and the current ones marked; a diagram too large to read when fitted opens on its current step instead. bpmn-js is loaded on first mount only (ViewerRuntime), never with the console. The
 * bpmn.io watermark bpmn-js draws is left visible and uncovered, as its licence requires: the zoom buttons sit on
 * the left, away from the watermark in the bottom-right corner.
 */
export function BpmnViewer({ xml, highlight, height = 420, label }: BpmnViewerProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<NavigatedViewer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const highlightKey = JSON.stringify(highlight ?? {});

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    void (async () => {
      try {
        const { default: Runtime } = await loadChunk(() => import('./ViewerRuntime'));
        if (cancelled || !container.current) return;
        const instance = new Runtime({ container: container.current });
        viewer.current = instance;
        await instance.importXML(xml);
        if (cancelled) return;
        const marks = JSON.parse(highlightKey) as BpmnHighlight;
        const canvas = instance.get<Canvas>('canvas');
        const registry = instance.get<ElementRegistry>('elementRegistry');
        // Ids that are not in this version's diagram (an instance of an older layout) are skipped, not fatal.
        const mark = (ids: readonly string[] | undefined, kind: keyof typeof MARKER & keyof typeof PAINT) => {
          for (const id of ids ?? []) {
            if (!registry.get(id)) continue;
            canvas.addMarker(id, MARKER[kind]);
            paint(registry.getGraphics(id), PAINT[kind]);
          }
        };
        mark(marks.done, 'done');
        mark(marks.flows, 'flow');
        mark(marks.active, 'active');
        const fitted = canvas.zoom('fit-viewport', 'auto');
        const focus = marks.active?.find((id) => registry.get(id));
        if (fitted < MIN_READABLE_SCALE && focus) {
          canvas.zoom(READABLE_SCALE);
          canvas.scrollToElement(focus, 80);
        }
        setState('ready');
      } catch (error) {
        if (cancelled) return;
        console.warn('[bpmn] the diagram could not be shown', error);
        setState('error');
      }
    })();
    return () => {
      cancelled = true;
      viewer.current?.destroy();
      viewer.current = null;
    };
  }, [xml, highlightKey]);

  const zoom = (step: number | 'fit') => {
    const canvas = viewer.current?.get<Canvas>('canvas');
    if (!canvas) return;
    if (step === 'fit') canvas.zoom('fit-viewport', 'auto');
    else canvas.zoom(Math.min(4, Math.max(0.2, canvas.zoom() * step)));
  };

  return (
    <div className={styles.frame} style={{ height }} data-testid="bpmn-viewer" data-state={state}>
      <div
        ref={container}
        className={styles.canvas}
        role="img"
        aria-label={label ?? t('screens.work.diagram')}
      />
      {state === 'loading' ? (
        <div className={styles.overlay}>
          <Spin />
        </div>
      ) : null}
      {state === 'error' ? (
        <div className={styles.overlay}>
          <Alert type="warning" showIcon title={t('screens.work.diagramFailed')} />
        </div>
      ) : null}
      {state === 'ready' ? (
        <Space.Compact className={styles.tools} size="small">
          <Tooltip title={t('screens.work.zoomIn')}>
            <Button
              aria-label={t('screens.work.zoomIn')}
              icon={<ZoomInOutlined />}
              onClick={() => zoom(1.25)}
            />
          </Tooltip>
          <Tooltip title={t('screens.work.zoomOut')}>
            <Button
              aria-label={t('screens.work.zoomOut')}
              icon={<ZoomOutOutlined />}
              onClick={() => zoom(0.8)}
            />
          </Tooltip>
          <Tooltip title={t('screens.work.zoomFit')}>
            <Button
              aria-label={t('screens.work.zoomFit')}
              icon={<AimOutlined />}
              onClick={() => zoom('fit')}
            />
          </Tooltip>
        </Space.Compact>
      ) : null}
    </div>
  );
}

export default BpmnViewer;
