import { MigrationInterface, QueryRunner } from 'typeorm';

export class SystemUsers1795247387558 implements MigrationInterface {
  name = 'SystemUsers1795247387558';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "is_system" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "is_system"`);
  }
}
