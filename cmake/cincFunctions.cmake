# cinc_add_sequence(TARGET SCENE [OUTPUT OUT] [FORMAT sequence|glb]
#                   [ALLOW_OUTSIDE FOLDER...])
#
# A target (built by default) that compiles SCENE with `cinc build` into OUT,
# and compiles it again only when the scene or a file it read changes: the
# custom command uses cinc's depfile, which names the scene and every model
# (and included file) of the last build.
# - SCENE: relative to the current source folder.
# - OUTPUT: relative to the current binary folder; by default
#   STEM.sequence.json (FORMAT sequence, the default) or STEM.glb.
# - ALLOW_OUTSIDE: folders that models may come from besides the scene's own.
# The output's absolute path is the target's CINC_OUTPUT property. A sequence
# of more than 256 tracks is written in shards beside OUT (OUT.2, ...): they
# are rebuilt with OUT.
function(cinc_add_sequence target scene)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "OUTPUT;FORMAT" "ALLOW_OUTSIDE")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cinc_add_sequence(${target}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_FORMAT)
    set(ARG_FORMAT sequence)
  endif()
  if(ARG_FORMAT STREQUAL "sequence")
    set(extension ".sequence.json")
  elseif(ARG_FORMAT STREQUAL "glb")
    set(extension ".glb")
  else()
    message(FATAL_ERROR "cinc_add_sequence(${target}): FORMAT ${ARG_FORMAT} is not sequence or glb")
  endif()
  get_filename_component(scene_path "${scene}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT ARG_OUTPUT)
    get_filename_component(stem "${scene}" NAME_WLE)
    set(ARG_OUTPUT "${stem}${extension}")
  endif()
  get_filename_component(output "${ARG_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(output_folder "${output}" DIRECTORY)
  file(MAKE_DIRECTORY "${output_folder}")
  set(allow)
  foreach(folder IN LISTS ARG_ALLOW_OUTSIDE)
    get_filename_component(folder "${folder}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND allow --allow-outside "${folder}")
  endforeach()
  add_custom_command(
    OUTPUT "${output}"
    COMMAND cinc::cinc build "${scene_path}" -o "${output}" --format ${ARG_FORMAT}
            --depfile "${output}.d" ${allow}
    DEPENDS "${scene_path}" cinc::cinc
    DEPFILE "${output}.d"
    COMMENT "cinc: ${scene} -> ${ARG_OUTPUT}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${output}")
  set_property(TARGET ${target} PROPERTY CINC_OUTPUT "${output}")
endfunction()
