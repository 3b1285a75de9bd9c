import type { ModdleElement } from './ModelerLint';

/**
 * The few bpmn-js / diagram-js services the designer's React side calls, typed by what it uses (bpmn-js ships
 * types for its entry classes only).
 */

/** A shape or connection on the canvas. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  source?: DiagramElement;
  target?: DiagramElement;
  labelTarget?: DiagramElement;
  parent?: DiagramElement;
}

export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(
    element: DiagramElement,
    target: ModdleElement,
    properties: Record<string, unknown>,
  ): void;
  updateLabel(element: DiagramElement, text: string | null): void;
}

export interface Moddle {
  create(type: string, properties?: Record<string, unknown>): ModdleElement;
}

export interface EventBus {
  on(event: string | string[], callback: (event: never) => void): void;
  off(event: string | string[], callback: (event: never) => void): void;
}

export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
}

export interface Canvas {
  zoom(level?: 'fit-viewport' | number, center?: 'auto'): number;
  addMarker(element: string | DiagramElement, marker: string): void;
  removeMarker(element: string | DiagramElement, marker: string): void;
  getRootElement(): DiagramElement;
  scrollToElement(element: DiagramElement): void;
}

export interface Selection {
  select(element: DiagramElement | null): void;
  get(): DiagramElement[];
}

export interface CommandStack {
  clear(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): void;
  redo(): void;
}

/** Anything with bpmn-js's service locator (the Modeler). */
export interface ServiceLocator {
  get<T>(name: string): T;
}
