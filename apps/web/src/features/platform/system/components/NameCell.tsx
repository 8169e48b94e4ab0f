import { Typography } from 'antd';

/** A record's name with its description below in small grey text, one line each (keeps rule lists narrow). */
export function NameCell({ name, description }: { name: string; description?: string | null }) {
  return (
    <div style={{ lineHeight: 1.4, minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: name }} style={{ display: 'block' }}>
        {name}
      </Typography.Text>
      {description && (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: description }}
          style={{ display: 'block', fontSize: 12 }}
        >
          {description}
        </Typography.Text>
      )}
    </div>
  );
}
