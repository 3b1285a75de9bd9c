import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Alert, Button, Spin, Tag, Typography } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadModelerRuntime } from './loadModeler';
import styles from './Modeler.module.css';
import { type LintIssue, lintDefinitions, lintMessageKey, type ModdleElement } from './ModelerLint';
import { type ModelerChoices, ModelerProperties } from './ModelerProperties';
import type { ModelerInstance } from './ModelerRuntime';
import type {
  Canvas,
  CommandStack,
  DiagramElement,
  ElementRegistry,
  EventBus,
  Modeling,
  Selection,
} from './ModelerServices';

export type { LintIssue } from './ModelerLint';
export type { ModelerChoice, ModelerChoices } from './ModelerProperties';

export interface BpmnModelerProps {
  /** BPMN 2.0 XML to edit; a new value is imported into the same modeler. */
  xml: string;
  choices?: ModelerChoices;
  /** Height of the designer (default 100%). */
  height?: number | string;
  /** Called when the diagram has changes that are not saved (and with false after `markSaved`). */
  onDirtyChange?: (dirty: boolean) => void;
  /** The server's findings of the last save, validate or deploy, listed first and pinned like the lint's. */
  serverIssues?: readonly ServerIssue[];
}

/** A problem the server found (contract `FlowValidationIssue`). */
export interface ServerIssue {
  elementId: string;
  elementName: string;
  message: string;
}

export interface BpmnModelerHandle {
  /**
   * The diagram as XML, with the process renamed to `identity` first (the runtime starts processes by the model
   * key, so the process id always follows it), and the lint's issues of that diagram.
   */
  save(identity?: { id: string; name: string }): Promise<{ xml: string; issues: LintIssue[] }>;
  /** Forget the unsaved state (after the server accepted the XML). */
  markSaved(): void;
  /** Select and show an element (from the issue list or a server message naming it). */
  reveal(elementId: string): void;
}

const MARK = { error: 'cube-lint-error', warning: 'cube-lint-warning', server: 'cube-lint-server' } as const;

/**
 * Marks an element for the lint's stylesheet (Modeler.css), which draws diagram-js's outline of the element; that
 * outline exists only once an element was hovered or selected, so it is created here first (Outline.createOutline,
 * the documented way to force it). The process itself (the root) has no outline and is not marked.
 */
function mark(instance: ModelerInstance, elementId: string, marker: string): void {
  const element = instance.get<ElementRegistry>('elementRegistry').get(elementId);
  if (!element?.parent) return;
  instance.get<{ createOutline(element: DiagramElement): void }>('outline').createOutline(element);
  instance.get<Canvas>('canvas').addMarker(element, marker);
}

/**
 * Draws the sequence flows a file has no diagram layout (DI) for, between their drawn source and target, laid out
 * by bpmn-js's own layouter: without it bpmn-js leaves such flows out of the canvas, and a hand-written or generated
 * file (one without `BPMNEdge`s) would show unconnected boxes. The flows' semantics (conditions, the gateways'
 * defaults) stay the file's; the drawing is not an edit of the user's, so the undo history starts after it and the
 * diagram is not marked unsaved (a save keeps the layout).
 */
function drawMissingFlows(instance: ModelerInstance): void {
  const registry = instance.get<ElementRegistry>('elementRegistry');
  const root = instance.get<Canvas>('canvas').getRootElement();
  const elements = root.businessObject.flowElements;
  if (!Array.isArray(elements)) return;
  const modeling = instance.get<
    Modeling & { connect(source: DiagramElement, target: DiagramElement, attrs: object): unknown }
  >('modeling');
  let drawn = 0;
  for (const flow of elements as ModdleElement[]) {
    if (flow.$type !== 'bpmn:SequenceFlow' || !flow.id || registry.get(flow.id)) continue;
    const source = registry.get(String((flow.sourceRef as ModdleElement | undefined)?.id ?? ''));
    const target = registry.get(String((flow.targetRef as ModdleElement | undefined)?.id ?? ''));
    if (!source || !target) continue;
    modeling.connect(source, target, { type: 'bpmn:SequenceFlow', businessObject: flow });
    drawn += 1;
  }
  if (drawn > 0) instance.get<CommandStack>('commandStack').clear();
}

/**
 * The workflow designer: bpmn-js's Modeler (loaded with `import()` on first mount, never with the console) limited
 * to the elements the runtime runs, a properties panel of our own beside it, and the lint's findings pinned to the
 * elements and listed under the panel. The bpmn.io watermark bpmn-js draws in the canvas's bottom-right corner stays
 * visible and uncovered, as its licence requires: the panel sits beside the canvas, not over it.
 */
export const BpmnModeler = forwardRef<BpmnModelerHandle, BpmnModelerProps>(function BpmnModeler(
  { xml, choices = {}, height = '100%', onDirtyChange, serverIssues = [] },
  ref,
) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<ModelerInstance | null>(null);
  const [modeler, setModeler] = useState<ModelerInstance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [importError, setImportError] = useState('');
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [version, setVersion] = useState(0);
  const [issues, setIssues] = useState<LintIssue[]>([]);
  const marked = useRef<LintIssue[]>([]);
  const dirtyRef = useRef(false);
  const onDirty = useRef(onDirtyChange);
  onDirty.current = onDirtyChange;
  const language = i18n.language;

  const setDirty = useCallback((dirty: boolean) => {
    if (dirtyRef.current === dirty) return;
    dirtyRef.current = dirty;
    onDirty.current?.(dirty);
  }, []);

  const runLint = useCallback((instance: ModelerInstance): LintIssue[] => {
    const definitions = instance.getDefinitions() as unknown as ModdleElement | undefined;
    const found = definitions ? lintDefinitions(definitions) : [];
    const canvas = instance.get<Canvas>('canvas');
    const registry = instance.get<ElementRegistry>('elementRegistry');
    for (const issue of marked.current)
      if (registry.get(issue.elementId)) canvas.removeMarker(issue.elementId, MARK[issue.severity]);
    for (const issue of found) mark(instance, issue.elementId, MARK[issue.severity]);
    marked.current = found;
    setIssues(found);
    return found;
  }, []);

  // One modeler per mount; the language is read once (a language switch re-opens the designer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the modeler is created once per mount on purpose
  useEffect(() => {
    let cancelled = false;
    let instance: ModelerInstance | null = null;
    void (async () => {
      try {
        const { createModeler } = await loadModelerRuntime();
        if (cancelled || !container.current) return;
        instance = createModeler(container.current, language);
        modelerRef.current = instance;
        const eventBus = instance.get<EventBus>('eventBus');
        eventBus.on('selection.changed', (event: { newSelection: DiagramElement[] }) => {
          const [first] = event.newSelection;
          setSelected(first?.labelTarget ?? first ?? null);
        });
        let lintTimer: ReturnType<typeof setTimeout> | undefined;
        eventBus.on('commandStack.changed', () => {
          setDirty(true);
          setVersion((v) => v + 1);
          clearTimeout(lintTimer);
          lintTimer = setTimeout(() => {
            if (instance && modelerRef.current === instance) runLint(instance);
          }, 300);
        });
        setModeler(instance);
      } catch (error) {
        if (cancelled) return;
        console.warn('[bpmn] the designer could not be loaded', error);
        setState('error');
      }
    })();
    return () => {
      cancelled = true;
      instance?.destroy();
      modelerRef.current = null;
      setModeler(null);
    };
  }, []);

  useEffect(() => {
    if (!modeler) return;
    let cancelled = false;
    setState('loading');
    void (async () => {
      try {
        await modeler.importXML(xml);
        if (cancelled) return;
        drawMissingFlows(modeler);
        modeler.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
        marked.current = [];
        runLint(modeler);
        setSelected(null);
        setDirty(false);
        setImportError('');
        setState('ready');
      } catch (error) {
        if (cancelled) return;
        setImportError(error instanceof Error ? error.message : String(error));
        setState('error');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [modeler, xml, runLint, setDirty]);

  const reveal = useCallback((elementId: string) => {
    const instance = modelerRef.current;
    const element = elementId ? instance?.get<ElementRegistry>('elementRegistry').get(elementId) : undefined;
    if (!instance || !element) return;
    instance.get<Selection>('selection').select(element);
    instance.get<Canvas>('canvas').scrollToElement(element);
  }, []);

  // The server's findings are marked on the canvas like the lint's errors (and unmarked when they go).
  const serverKey = serverIssues.map((issue) => issue.elementId).join(',');
  useEffect(() => {
    if (!modeler || state !== 'ready' || !serverKey) return;
    const canvas = modeler.get<Canvas>('canvas');
    const registry = modeler.get<ElementRegistry>('elementRegistry');
    const ids = serverKey.split(',').filter((id) => id && registry.get(id));
    for (const id of ids) mark(modeler, id, MARK.server);
    return () => {
      for (const id of ids) if (registry.get(id)) canvas.removeMarker(id, MARK.server);
    };
  }, [modeler, state, serverKey]);

  useImperativeHandle(
    ref,
    () => ({
      async save(identity) {
        const instance = modelerRef.current;
        if (!instance) throw new Error('designer not ready');
        if (identity) {
          const canvas = instance.get<Canvas>('canvas');
          const root = canvas.getRootElement();
          const bo = root.businessObject;
          if (bo.$type === 'bpmn:Process' && (bo.id !== identity.id || (bo.name ?? '') !== identity.name)) {
            instance
              .get<Modeling>('modeling')
              .updateProperties(root, { id: identity.id, name: identity.name });
          }
        }
        const found = runLint(instance);
        const { xml: saved } = await instance.saveXML({ format: true });
        return { xml: saved ?? '', issues: found };
      },
      markSaved: () => setDirty(false),
      reveal,
    }),
    [runLint, setDirty, reveal],
  );

  const root = modeler && state === 'ready' ? modeler.get<Canvas>('canvas').getRootElement() : null;
  const current = selected ?? root;

  // The server's words as it sent them (「节点」: 消息 is already in `message` for the first one only, so the
  // element is named here for all); the lint's in the console's language.
  const shown = [
    ...serverIssues.map((issue, index) => ({
      key: `server-${index}`,
      elementId: issue.elementId,
      severity: 'error' as const,
      fromServer: true,
      text:
        issue.elementName || issue.elementId
          ? `「${issue.elementName || issue.elementId}」：${issue.message}`
          : issue.message,
    })),
    ...issues.map((issue, index) => ({
      key: `lint-${index}`,
      elementId: issue.elementId,
      severity: issue.severity,
      fromServer: false,
      text: issue.element
        ? t('screens.flowDesigner.issue', {
            element: issue.element,
            message: t(lintMessageKey(issue.code) as 'screens.flowDesigner.issue'),
          })
        : t(lintMessageKey(issue.code) as 'screens.flowDesigner.issue'),
    })),
  ];

  return (
    <div className={styles.frame} style={{ height }} data-testid="bpmn-modeler" data-state={state}>
      <div className={styles.canvasBox}>
        <div
          ref={container}
          className={styles.canvas}
          role="application"
          aria-label={t('screens.flowDesigner.canvas')}
        />
        {state === 'loading' ? (
          <div className={styles.overlay}>
            <Spin />
          </div>
        ) : null}
        {state === 'error' ? (
          <div className={styles.overlay}>
            <Alert
              type="error"
              showIcon
              title={t('screens.flowDesigner.loadFailed')}
              description={importError || undefined}
            />
          </div>
        ) : null}
      </div>
      <aside className={styles.side} aria-label={t('screens.flowDesigner.properties')}>
        <div className={styles.panel}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('screens.flowDesigner.properties')}
          </Typography.Title>
          {modeler && current ? (
            <ModelerProperties modeler={modeler} element={current} choices={choices} version={version} />
          ) : null}
        </div>
        <div className={styles.issues} data-testid="modeler-issues">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {shown.length === 0
              ? t('screens.flowDesigner.noIssues')
              : t('screens.flowDesigner.issues', { count: shown.length })}
          </Typography.Title>
          <ul className={styles.issueList}>
            {shown.map((issue) => (
              <li key={issue.key}>
                <Button
                  type="link"
                  size="small"
                  className={styles.issue}
                  icon={
                    issue.severity === 'error' ? (
                      <CloseCircleFilled style={{ color: '#ff4d4f' }} />
                    ) : (
                      <WarningFilled style={{ color: '#faad14' }} />
                    )
                  }
                  onClick={() => reveal(issue.elementId)}
                >
                  {issue.fromServer ? (
                    <Tag color="red" style={{ marginInlineEnd: 4 }}>
                      {t('screens.flowDesigner.serverIssue')}
                    </Tag>
                  ) : null}
                  {issue.text}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
});

export default BpmnModeler;
