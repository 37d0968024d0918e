import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../components/Logo';

const COLUMNS: { title: string; links: [string, string][] }[] = [
  {
    title: 'About',
    links: [
      ['About Us', '/'],
      ['Careers', '/'],
      ['Announcements', '/'],
      ['Terms', '/'],
    ],
  },
  {
    title: 'Products',
    links: [
      ['Exchange', '/trade'],
      ['Buy Crypto', '/buy-crypto'],
      ['Derivatives', '/derivatives'],
      ['Earn', '/earn'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Help Center', '/'],
      ['Fees', '/fees'],
      ['Trading Rules', '/markets'],
      ['API', '/'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Privacy', '/'],
      ['Risk Warning', '/'],
      ['Cookies', '/'],
      ['Law Enforcement', '/'],
    ],
  },
];

export function Copyright() {
  return <div>© 2025 {PRODUCT_NAME}. All rights reserved.</div>;
}

export default function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-cols">
          {COLUMNS.map((col) => (
            <div key={col.title}>
              <h4>{col.title}</h4>
              {col.links.map(([label, to]) => (
                <Link key={label} to={to}>
                  {label}
                </Link>
              ))}
            </div>
          ))}
        </div>
        <Copyright />
      </div>
    </footer>
  );
}
