import {
  applicationCheckDigit,
  PatentNumberMessage,
  STEP_FORMS,
  type StepFormDeclaration,
  StepFormMessage,
} from '@cube/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UiProviders } from '../../../../app/UiProviders';
import { installDomStubs } from '../../../../test/domStubs';
import { StepFormFields, stepFieldNames, stepFormVariables } from './StepForm';

installDomStubs();

/** A host form like the handle page's: validates the step form's fields and shows what it would send. */
function Host({ declaration }: { declaration: StepFormDeclaration }) {
  const [form] = Form.useForm();
  const [sent, setSent] = useState<string>('');
  return (
    <UiProviders>
      <Form form={form} layout="vertical">
        <StepFormFields form={declaration} host={form} />
        <Button
          onClick={() =>
            void form
              .validateFields(stepFieldNames(declaration))
              .then((values) => setSent(JSON.stringify(stepFormVariables(declaration, values))))
              .catch(() => setSent('refused'))
          }
        >
          send
        </Button>
      </Form>
      <output data-testid="sent">{sent}</output>
    </UiProviders>
  );
}

describe('the step form drawn from its declaration', () => {
  it('draws any declared form: one labelled control per field, a choice with its options', async () => {
    const declaration: StepFormDeclaration = {
      key: 'test.any',
      title: '测试',
      input: z.object({
        grade: z.enum(['a', 'b'], { error: '请选择等级' }),
        note: z.string().trim().min(1, '请输入备注'),
      }),
      fields: [
        {
          name: 'grade',
          label: '等级',
          kind: 'select',
          required: true,
          options: [
            { value: 'a', label: '甲' },
            { value: 'b', label: '乙' },
          ],
        },
        { name: 'note', label: '备注', kind: 'textarea', required: true },
      ],
    };
    render(<Host declaration={declaration} />);
    expect(screen.getByLabelText('等级')).toBeTruthy();
    expect(screen.getByLabelText('备注')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    // The declaration's own messages, from its schema.
    expect(await screen.findByText('请选择等级')).toBeTruthy();
    expect(screen.getByText('请输入备注')).toBeTruthy();
    expect(screen.getByTestId('sent').textContent).toBe('refused');
  });

  it("checks 登记受理 with the contract's schema: the check digit, then sends the day as YYYY-MM-DD", async () => {
    const declaration = STEP_FORMS['patent.acceptance'] as StepFormDeclaration;
    render(<Host declaration={declaration} />);
    fireEvent.change(screen.getByLabelText('申请号'), { target: { value: '202610100004.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.getByTestId('sent').textContent).toBe('refused'));
    expect(await screen.findByText(PatentNumberMessage.checkDigit)).toBeTruthy();
    expect(screen.getByText(StepFormMessage.filingDateRequired)).toBeTruthy();

    const digits = '202610100004';
    expect(
      stepFormVariables(declaration, {
        applicationNo: ` ${digits}.${applicationCheckDigit(digits)} `,
        filingDate: dayjs('2026-03-02'),
      }),
    ).toEqual({ applicationNo: `${digits}.X`, filingDate: '2026-03-02' });
    fireEvent.change(screen.getByLabelText('申请号'), { target: { value: `${digits}.x` } });
    await waitFor(() => expect(screen.queryByText(PatentNumberMessage.checkDigit)).toBeNull());
  });
});
