// bpmn-moddle (a dependency of bpmn-js) types its generated model classes but not its entry point; the designer's
// lint tests parse XML with it directly, so its factory is declared here as far as they use it.
declare module 'bpmn-moddle' {
  export interface ModdleParseResult {
    rootElement: unknown;
    warnings: Array<{ message: string }>;
  }
  export interface Moddle {
    fromXML(xml: string, type?: string): Promise<ModdleParseResult>;
  }
  export function BpmnModdle(packages?: Record<string, unknown>): Moddle;
}
