/**
 * Unit tests for src (jsdom). test/e2e is Playwright and server/ has its own runner, so jest only
 * looks at test/unit. Recipe: docs/taro-4-setup.md, "Test".
 */
module.exports = {
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { url: 'http://localhost/' },
  roots: ['<rootDir>/test/unit'],
  testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/unit/**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  transform: { '^.+\\.(mjs|cjs|js|jsx|ts|tsx)$': '<rootDir>/test/shims/transform.cjs' },
  // Taro, taro-ui and their dependencies (stencil, ...) ship ESM, so everything is transformed.
  transformIgnorePatterns: [],
  moduleNameMapper: {
    '^@tarojs/taro$': '<rootDir>/test/shims/taro.ts',
    '^@tarojs/components$': '@tarojs/components/lib/react',
    '\\.(css|less|scss|sass|styl)$': '<rootDir>/test/shims/style.ts',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/test/shims/file.ts',
    '^@/types/(.*)$': '<rootDir>/types/$1',
    '^@rules/(.*)$': '<rootDir>/rules/$1',
    '^@api/(.*)$': '<rootDir>/types/api/$1',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  setupFiles: ['<rootDir>/test/shims/setup.ts'],
  globals: {
    ENABLE_INNER_HTML: true,
    ENABLE_ADJACENT_HTML: true,
    ENABLE_SIZE_APIS: true,
    ENABLE_TEMPLATE_CONTENT: true,
    ENABLE_MUTATION_OBSERVER: true,
    ENABLE_CLONE_NODE: true,
    ENABLE_CONTAINS: true,
    DEPRECATED_ADAPTER_COMPONENT: false,
    __TARO_FRAMEWORK__: 'react',
  },
  clearMocks: true,
  restoreMocks: true,
}
