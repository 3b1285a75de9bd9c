import { AutoComplete, Empty, Form, Input, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAliasLabel } from '../../lib/codeLabels';
import { camundaAttr, type ModdleElement } from './ModelerLint';
import type { DiagramElement, Moddle, Modeling, ServiceLocator } from './ModelerServices';

/** A choice offered in the panel (a value the runtime understands, with what it means). */
export interface ModelerChoice {
  value: string;
  label: string;
}

/** What the page knows that the diagram does not: assignee expressions, role aliases, registered forms. */
export interface ModelerChoices {
  assignees?: readonly ModelerChoice[];
  candidateGroups?: readonly ModelerChoice[];
  formKeys?: readonly ModelerChoice[];
}

export type TimerKind = 'timeDuration' | 'timeDate' | 'timeCycle';
const TIMER_KINDS: readonly TimerKind[] = ['timeDuration', 'timeDate', 'timeCycle'];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * A text box that writes to the diagram when the user leaves it or presses Enter, not on every key: one edit is
 * one step of undo, and the label on the canvas does not flicker while typing.
 */
function CommitInput({
  value,
  onCommit,
  placeholder,
  id,
  disabled,
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  id: string;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <Input
      id={id}
      value={draft}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** {@link CommitInput} with suggestions: a choice writes at once, typed text when the user leaves the box. */
function CommitAutoComplete({
  value,
  onCommit,
  options,
  id,
}: {
  value: string;
  onCommit: (value: string) => void;
  options: readonly ModelerChoice[];
  id: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <AutoComplete
      id={id}
      value={draft}
      options={options.map((c) => ({ value: c.value, label: c.label ? `${c.label}  ${c.value}` : c.value }))}
      onChange={(next: string) => setDraft(next ?? '')}
      onSelect={(next: string) => {
        setDraft(next);
        if (next !== value) onCommit(next);
      }}
      onBlur={() => {
        if (draft !== value) onCommit(draft);
      }}
      allowClear
    />
  );
}

function timerOf(element: DiagramElement): ModdleElement | undefined {
  const definitions = element.businessObject.eventDefinitions;
  if (!Array.isArray(definitions)) return undefined;
  return (definitions as ModdleElement[]).find((d) => d.$type === 'bpmn:TimerEventDefinition');
}

function timerState(timer: ModdleElement): { kind: TimerKind; value: string } {
  for (const kind of TIMER_KINDS) {
    const expression = timer[kind] as ModdleElement | undefined;
    if (expression) return { kind, value: text(expression.body) };
  }
  return { kind: 'timeDuration', value: '' };
}

/** The user-task property that requires an approver other than the starter (the server's four-eyes rule). */
const FOUR_EYES = 'fourEyes';
const elements = (value: unknown): ModdleElement[] =>
  Array.isArray(value) ? (value as ModdleElement[]) : [];

/** Whether a task's extension elements carry `camunda:property fourEyes=true`. */
function fourEyesOn(bo: ModdleElement): boolean {
  const extension = bo.extensionElements as ModdleElement | undefined;
  return elements(extension?.values).some(
    (value) =>
      value.$type === 'camunda:Properties' &&
      elements(value.values).some((property) => property.name === FOUR_EYES && property.value === 'true'),
  );
}

/**
 * The designer's properties panel (decision "workflow designer"): the few attributes the runtime reads, bound to the
 * modeler's modeling API so that every change is an undoable command — name; for a user task the assignee, the
 * candidate groups (role aliases) and the form key (camunda:* attributes); for a sequence flow its condition and
 * whether it is the gateway's default; for a timer its kind and value.
 */
export function ModelerProperties({
  modeler,
  element,
  choices,
  version,
}: {
  modeler: ServiceLocator;
  /** The selected element, or the process when nothing is selected. */
  element: DiagramElement;
  choices: ModelerChoices;
  /** Changes whenever the diagram changes (undo included), so the panel re-reads the element. */
  version: number;
}) {
  const { t } = useTranslation();
  const modeling = modeler.get<Modeling>('modeling');
  const moddle = modeler.get<Moddle>('moddle');
  const bo = element.businessObject;
  const type = bo.$type;
  const isProcess = type === 'bpmn:Process';
  const isFlow = type === 'bpmn:SequenceFlow';
  const isUserTask = type === 'bpmn:UserTask';
  const timer = timerOf(element);
  const source = element.source;
  const sourceIsExclusive = source?.businessObject.$type === 'bpmn:ExclusiveGateway';
  const isDefault = Boolean(isFlow && sourceIsExclusive && source?.businessObject.default === bo);
  const condition = isFlow ? text((bo.conditionExpression as ModdleElement | undefined)?.body) : '';
  const typeLabel = t(
    `screens.flowDesigner.types.${type.replace(/^bpmn:/, '')}` as 'screens.flowDesigner.types.Task',
    {
      defaultValue: type.replace(/^bpmn:/, ''),
    },
  );

  const setName = (name: string) => {
    if (isProcess) modeling.updateProperties(element, { name: blankToUndefined(name) });
    else modeling.updateLabel(element, blankToUndefined(name) ?? null);
  };
  const setCamunda = (name: string, value: string) =>
    modeling.updateProperties(element, { [`camunda:${name}`]: blankToUndefined(value) });
  const setCondition = (value: string) => {
    const body = blankToUndefined(value);
    modeling.updateProperties(element, {
      conditionExpression: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined,
    });
  };
  const setDefault = (on: boolean) => {
    if (!source) return;
    // A default flow carries no condition: the gateway takes it when no other flow's condition holds.
    if (on && condition) modeling.updateProperties(element, { conditionExpression: undefined });
    modeling.updateProperties(source, { default: on ? bo : undefined });
  };
  const setTimer = (kind: TimerKind, value: string) => {
    if (!timer) return;
    const body = blankToUndefined(value);
    const properties: Record<string, unknown> = {
      timeDuration: undefined,
      timeDate: undefined,
      timeCycle: undefined,
    };
    properties[kind] = moddle.create('bpmn:FormalExpression', { body: body ?? '' });
    modeling.updateModdleProperties(element, timer, properties);
  };

  /**
   * Four eyes (the server refuses the starter's own completion of the task) is the task's camunda property
   * `fourEyes` = `true`, kept in its extension elements; each step is a modeling command, so undo restores it.
   */
  const fourEyes = fourEyesOn(bo);
  const setFourEyes = (on: boolean) => {
    let extension = bo.extensionElements as ModdleElement | undefined;
    if (!extension) {
      extension = moddle.create('bpmn:ExtensionElements', { values: [] }) as ModdleElement;
      modeling.updateProperties(element, { extensionElements: extension });
    }
    const values = elements(extension.values);
    let properties = values.find((value) => value.$type === 'camunda:Properties');
    if (!properties) {
      properties = moddle.create('camunda:Properties', { values: [] }) as ModdleElement;
      modeling.updateModdleProperties(element, extension, { values: [...values, properties] });
    }
    const kept = elements(properties.values).filter((property) => property.name !== FOUR_EYES);
    modeling.updateModdleProperties(element, properties, {
      values: on ? [...kept, moddle.create('camunda:Property', { name: FOUR_EYES, value: 'true' })] : kept,
    });
  };

  const current = timer ? timerState(timer) : undefined;
  const candidateGroups = camundaAttr(bo, 'candidateGroups')
    .split(',')
    .map((group) => group.trim())
    .filter(Boolean);
  const id = (name: string) => `flow-designer-${name}`;

  return (
    // Keyed by the element only: a change elsewhere (bpmn-js finishing its own label editing, say) must not throw
    // away what is being typed here; the boxes follow the diagram through their `value`.
    <Form
      layout="vertical"
      size="small"
      key={element.id}
      data-testid="modeler-properties"
      data-version={version}
    >
      <Typography.Text type="secondary">
        {typeLabel} · {isProcess ? text(bo.id) : element.id}
      </Typography.Text>
      <Form.Item label={t('screens.flowDesigner.name')} htmlFor={id('name')} style={{ marginTop: 8 }}>
        <CommitInput id={id('name')} value={text(bo.name)} onCommit={setName} />
      </Form.Item>
      {isUserTask ? (
        <>
          <Form.Item
            label={t('screens.flowDesigner.assignee')}
            htmlFor={id('assignee')}
            help={t('screens.flowDesigner.assigneeHelp')}
          >
            <CommitAutoComplete
              id={id('assignee')}
              value={camundaAttr(bo, 'assignee')}
              options={choices.assignees ?? []}
              onCommit={(value) => setCamunda('assignee', value)}
            />
          </Form.Item>
          <Form.Item
            label={t('screens.flowDesigner.candidateGroups')}
            htmlFor={id('candidateGroups')}
            help={t('screens.flowDesigner.candidateGroupsHelp')}
          >
            <Select
              id={id('candidateGroups')}
              mode="tags"
              value={candidateGroups}
              options={[
                ...(choices.candidateGroups ?? []).map((c) => ({
                  value: c.value,
                  label: `${c.label} (${c.value})`,
                })),
                // A group the diagram names but the tenant has no role for is named too, never shown bare.
                ...candidateGroups
                  .filter((group) => !(choices.candidateGroups ?? []).some((c) => c.value === group))
                  .map((group) => ({ value: group, label: `${roleAliasLabel(group)} (${group})` })),
              ]}
              onChange={(values: string[]) => setCamunda('candidateGroups', values.join(','))}
              tokenSeparators={[',']}
            />
          </Form.Item>
          <Form.Item label={t('screens.flowDesigner.formKey')} htmlFor={id('formKey')}>
            <Select
              id={id('formKey')}
              allowClear
              placeholder={t('screens.flowDesigner.formKeyNone')}
              value={camundaAttr(bo, 'formKey') || undefined}
              options={[...(choices.formKeys ?? [])]}
              onChange={(value?: string) => setCamunda('formKey', value ?? '')}
            />
          </Form.Item>
          <Form.Item
            label={t('screens.flowDesigner.fourEyes')}
            htmlFor={id('fourEyes')}
            help={t('screens.flowDesigner.fourEyesHelp')}
          >
            <Switch id={id('fourEyes')} checked={fourEyes} onChange={setFourEyes} />
          </Form.Item>
        </>
      ) : null}
      {isFlow ? (
        <>
          {sourceIsExclusive ? (
            <Form.Item label={t('screens.flowDesigner.defaultFlow')} htmlFor={id('default')}>
              <Switch id={id('default')} checked={isDefault} onChange={setDefault} />
            </Form.Item>
          ) : null}
          <Form.Item
            label={t('screens.flowDesigner.condition')}
            htmlFor={id('condition')}
            help={t(
              isDefault ? 'screens.flowDesigner.conditionOnDefault' : 'screens.flowDesigner.conditionHelp',
            )}
          >
            <CommitInput
              id={id('condition')}
              value={condition}
              onCommit={setCondition}
              disabled={isDefault}
              placeholder="${outcome == 'approve'}"
            />
          </Form.Item>
        </>
      ) : null}
      {timer && current ? (
        <>
          <Form.Item label={t('screens.flowDesigner.timerKind')} htmlFor={id('timerKind')}>
            <Select
              id={id('timerKind')}
              value={current.kind}
              options={TIMER_KINDS.map((kind) => ({
                value: kind,
                label: t(`screens.flowDesigner.timer.${kind}`),
              }))}
              onChange={(kind: TimerKind) => setTimer(kind, current.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('screens.flowDesigner.timerValue')}
            htmlFor={id('timerValue')}
            help={t(`screens.flowDesigner.timerHelp.${current.kind}`)}
          >
            <CommitInput
              id={id('timerValue')}
              value={current.value}
              onCommit={(value) => setTimer(current.kind, value)}
            />
          </Form.Item>
        </>
      ) : null}
      {!isProcess && !isUserTask && !isFlow && !timer ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.flowDesigner.nothingMore')} />
      ) : null}
    </Form>
  );
}
