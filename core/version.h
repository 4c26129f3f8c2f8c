// cinc's version, one value for everything that shows it: `cinc --version`,
// SARIF's tool.driver.version and the glTF asset's generator.
//
// Contract: kCincVersion is the project's version in the top-level
// CMakeLists.txt (`project(cinc VERSION ...)`), "MAJOR.MINOR.PATCH"; the build
// writes it into version.cc from version.cc.in.
#ifndef CINC_CORE_VERSION_H_
#define CINC_CORE_VERSION_H_

namespace cinc {

extern const char kCincVersion[];

}  // namespace cinc

#endif  // CINC_CORE_VERSION_H_
