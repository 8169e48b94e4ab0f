import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AVERAGE_BENCHMARK_DEFAULTS,
  PRICE_METHOD_CODES,
  PRICE_METHODS,
  PROCUREMENT_DEFAULTS,
  REVIEW_ITEM_KINDS,
  type SelectionRequest,
} from '@aps/shared';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/index.ts';
import { type PackageDetail, packageApi, usePackageMutation } from '../api.ts';

interface SelectionForm {
  reviewItems: { kind: string; name: string; maxScore?: number | null }[];
  priceMethod: string;
  priceK?: number | null;
  priceAlpha?: number | null;
  priceBeta?: number | null;
  quotationRoundCount: number;
  purchaseCandidateCount: number;
  minBidders: number;
  expertCount?: number | null;
  expertSpecialities?: string;
  publicityDays: number;
  signUpStartTime: Dayjs;
  signUpEndTime: Dayjs;
  bidDeadline: Dayjs;
  openingTime: Dayjs;
}

const FMT = 'YYYY-MM-DD HH:mm:ss';
const at = (v: string | null) => (v ? dayjs(v) : undefined);
const KIND_OPTIONS = Object.entries(REVIEW_ITEM_KINDS).map(([value, label]) => ({ value, label }));

/** 选商准备 of one package (stage 1): review items, price method with K/α/β, rounds, candidates, bidders, experts, timetable. */
export function SelectionFormDrawer({ pkg, onClose }: { pkg: PackageDetail | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SelectionForm>();
  const save = usePackageMutation(packageApi.saveSelection);
  const method = Form.useWatch('priceMethod', form);
  const initialValues = useMemo<Partial<SelectionForm>>(() => {
    if (!pkg) return {};
    const items = pkg.reviewItems ?? [];
    return {
      reviewItems: items.length
        ? items.map((i) => ({ kind: i.kind, name: i.name, maxScore: i.maxScore }))
        : [
            { kind: 'qualification', name: '营业执照有效', maxScore: null },
            { kind: 'scoring', name: '技术方案', maxScore: 40 },
          ],
      priceMethod: pkg.priceMethod,
      priceK: pkg.priceK === null ? AVERAGE_BENCHMARK_DEFAULTS.k : Number(pkg.priceK),
      priceAlpha: pkg.priceAlpha === null ? AVERAGE_BENCHMARK_DEFAULTS.alpha : Number(pkg.priceAlpha),
      priceBeta: pkg.priceBeta === null ? AVERAGE_BENCHMARK_DEFAULTS.beta : Number(pkg.priceBeta),
      quotationRoundCount: pkg.quotationRoundCount,
      purchaseCandidateCount: pkg.purchaseCandidateCount,
      minBidders: pkg.minBidders ?? PROCUREMENT_DEFAULTS.minBidders,
      expertCount: pkg.expertCount,
      expertSpecialities: pkg.expertSpecialities ?? undefined,
      publicityDays: pkg.publicityDays ?? PROCUREMENT_DEFAULTS.publicityDays,
      signUpStartTime: at(pkg.signUpStartTime),
      signUpEndTime: at(pkg.signUpEndTime),
      bidDeadline: at(pkg.bidDeadline),
      openingTime: at(pkg.openingStartTime),
    };
  }, [pkg]);

  const time = (name: keyof SelectionForm, label: string) => (
    <Form.Item label={label} name={name} rules={[{ required: true, message: `请选择${label}` }]}>
      <DatePicker showTime format={FMT} aria-label={label} />
    </Form.Item>
  );

  return (
    <ModalForm<SelectionForm>
      name="selectionForm"
      open={!!pkg}
      drawer
      width={900}
      labelWidth={120}
      title={`选商准备：${pkg?.packageName ?? ''}`}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        if (!pkg) return;
        const body = {
          ...v,
          id: pkg.id,
          reviewItems: v.reviewItems.map((i) => ({ ...i, maxScore: i.kind === 'scoring' ? i.maxScore : null })),
          signUpStartTime: v.signUpStartTime.format(FMT),
          signUpEndTime: v.signUpEndTime.format(FMT),
          bidDeadline: v.bidDeadline.format(FMT),
          openingTime: v.openingTime.format(FMT),
        } as unknown as SelectionRequest;
        await save.mutateAsync(body);
        message.success('保存成功!');
      }}
    >
      <Typography.Title level={5}>评审项</Typography.Title>
      <Form.List name="reviewItems">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'kind']} rules={[{ required: true, message: '请选择评审项类型' }]}>
                  <Select options={KIND_OPTIONS} style={{ width: 130 }} aria-label={`评审项${i + 1}类型`} />
                </Form.Item>
                <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: '请输入评审项名称' }]}>
                  <Input placeholder="评审项名称" aria-label={`评审项${i + 1}名称`} style={{ width: 260 }} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    form.getFieldValue(['reviewItems', field.name, 'kind']) === 'scoring' ? (
                      <Form.Item name={[field.name, 'maxScore']} rules={[{ required: true, message: '请输入最高分' }]}>
                        <InputNumber min={0} max={100} placeholder="最高分" aria-label={`评审项${i + 1}最高分`} />
                      </Form.Item>
                    ) : (
                      <Typography.Text type="secondary">通过/不通过</Typography.Text>
                    )
                  }
                </Form.Item>
                <MinusCircleOutlined aria-label="删除评审项" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              style={{ marginBottom: 16 }}
              onClick={() => add({ kind: 'scoring', name: '', maxScore: 10 })}
            >
              添加评审项
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item
        label="价格分计算方法"
        name="priceMethod"
        rules={[{ required: true, message: '请选择价格分计算方法' }]}
      >
        <Select options={PRICE_METHOD_CODES.map((c) => ({ value: c, label: PRICE_METHODS[c] }))} />
      </Form.Item>
      {method === 'average_benchmark' && (
        <Space>
          <Form.Item label="K值" name="priceK">
            <InputNumber min={0} max={100} step={0.01} />
          </Form.Item>
          <Form.Item label="α" name="priceAlpha" labelCol={{ flex: '40px' }}>
            <InputNumber min={0} max={100} step={0.1} />
          </Form.Item>
          <Form.Item label="β" name="priceBeta" labelCol={{ flex: '40px' }}>
            <InputNumber min={0} max={100} step={0.1} />
          </Form.Item>
        </Space>
      )}
      <Form.Item label="报价轮次" name="quotationRoundCount" rules={[{ required: true, message: '请输入报价轮次' }]}>
        <InputNumber min={1} max={5} precision={0} disabled={pkg?.scoreType === '3'} />
      </Form.Item>
      <Form.Item
        label="推荐候选人数"
        name="purchaseCandidateCount"
        rules={[{ required: true, message: '请输入推荐候选人数' }]}
      >
        <InputNumber min={1} max={10} precision={0} />
      </Form.Item>
      <Form.Item label="最少投标人数" name="minBidders" rules={[{ required: true, message: '请输入最少投标人数' }]}>
        <InputNumber min={1} max={50} precision={0} />
      </Form.Item>
      <Form.Item label="专家人数" name="expertCount">
        <InputNumber min={1} max={49} precision={0} />
      </Form.Item>
      <Form.Item label="专家专业" name="expertSpecialities">
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item label="公示天数" name="publicityDays" rules={[{ required: true, message: '请输入公示天数' }]}>
        <InputNumber min={1} max={30} precision={0} />
      </Form.Item>
      <Typography.Title level={5}>时间安排</Typography.Title>
      {time('signUpStartTime', '报名开始')}
      {time('signUpEndTime', '报名截止')}
      {time('bidDeadline', '投标截止')}
      {time('openingTime', '开标时间')}
    </ModalForm>
  );
}
