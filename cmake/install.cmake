# What `cmake --install` puts under the prefix (docs/install.md), and the
# Debian package `cpack -G DEB` makes of it.
include(CMakePackageConfigHelpers)

install(TARGETS cinc EXPORT cincTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# share/cinc: the schemas (for editors), the Blender add-on and export script,
# and the preview page's template with the three.js files built into cinc
# (and their licence).
set(CINC_DATADIR ${CMAKE_INSTALL_DATADIR}/cinc)
install(FILES schemas/scene.schema.json schemas/sequence.schema.json
        DESTINATION ${CINC_DATADIR}/schemas)
install(FILES importers/blender/cinc_addon.py importers/blender/cinc_export.py
        DESTINATION ${CINC_DATADIR}/blender)
list(TRANSFORM CINC_PLAYER_MODULES PREPEND preview/ OUTPUT_VARIABLE CINC_PLAYER_FILES)
install(FILES preview/page.html ${CINC_PLAYER_FILES} DESTINATION ${CINC_DATADIR}/preview)
set(CINC_THREE_FILES
    LICENSE package.json build/three.module.js build/three.core.js
    examples/jsm/loaders/GLTFLoader.js examples/jsm/utils/BufferGeometryUtils.js
    examples/jsm/utils/SkeletonUtils.js examples/jsm/controls/OrbitControls.js)
foreach(file IN LISTS CINC_THREE_FILES)
  get_filename_component(folder "${file}" DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/node_modules/three/${file}
          DESTINATION ${CINC_DATADIR}/preview/three/${folder})
endforeach()

# share/doc/cinc: the reference (SARIF's helpUri links point here) and the
# examples, without what builds write beside them.
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(DIRECTORY examples DESTINATION ${CMAKE_INSTALL_DOCDIR}
        PATTERN "__pycache__" EXCLUDE
        PATTERN "*.blend1" EXCLUDE
        PATTERN "*.d" EXCLUDE
        PATTERN "*.preview.html" EXCLUDE
        PATTERN "*.timeline.svg" EXCLUDE
        REGEX "examples/[^/]+/[^/]+\\.(glb|gltf|bin)$" EXCLUDE
        REGEX "examples/[^/]+/[^/]+\\.sequence\\.json$" EXCLUDE)
install(FILES examples/flythrough/flythrough.sequence.json
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/flythrough)

# share/man/man1/cinc.1, with the project's version.
configure_file(docs/cinc.1.in ${PROJECT_BINARY_DIR}/cinc.1 @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cinc.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# lib/cmake/cinc: find_package(cinc) -> cinc::cinc and cinc_add_sequence.
set(CINC_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/cinc)
install(EXPORT cincTargets NAMESPACE cinc:: DESTINATION ${CINC_CMAKEDIR})
configure_package_config_file(cmake/cincConfig.cmake.in ${PROJECT_BINARY_DIR}/cincConfig.cmake
                              INSTALL_DESTINATION ${CINC_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cincConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cincConfig.cmake ${PROJECT_BINARY_DIR}/cincConfigVersion.cmake
              cmake/cincFunctions.cmake
        DESTINATION ${CINC_CMAKEDIR})

# The Debian package: /usr, the libraries' packages found by dpkg-shlibdeps,
# Blender recommended (it converts .blend models).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cinc)
set(CPACK_PACKAGE_VENDOR "cinc")
set(CPACK_PACKAGE_CONTACT "cinc maintainers <cinc@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "compiler of assembly animation scenes to cinema sequences")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "cinc reads a declarative scene (models with markers, objects, and animation nodes whose\n"
       "timing is relative to other nodes), resolves it into absolute-time tracks and writes the\n"
       "cinema sequence JSON the runtime plays, an animated glTF asset, or an offline preview page.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Assimp is opened when a model needs it (importers/assimp_library.h), not
# linked, so dpkg-shlibdeps does not see it: its package is named here.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libassimp5")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "blender, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "graphviz")
include(CPack)
