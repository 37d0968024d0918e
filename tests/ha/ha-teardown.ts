import { ha } from './ha-cli';

export default function teardown() {
  ha('down');
}
