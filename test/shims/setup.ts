// The environment Taro's H5 build defines at compile time.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
